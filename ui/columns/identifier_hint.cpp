// SPDX-License-Identifier: GPL-3.0-or-later
#include "columns/identifier_hint.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace qiscout::ui {
namespace {

/// Name parts that say "identifier" on their own.
constexpr std::array<std::string_view, 9> identifierWords{"id",  "uid",  "hid",        "pid",  "iid",
                                                          "ssn", "hhid", "identifier", "ident"};
/// What an identifier identifies, when written together with "id" ("caseid", "personid").
constexpr std::array<std::string_view, 11> identifiedThings{"hh",     "case",    "resp",   "person", "record",   "row",
                                                            "member", "patient", "family", "house",  "household"};
/// A name with an identifier word whose values average at most this many rows each is warned about:
/// the members of a household share its id, and it still links them.
constexpr std::uint64_t rowsPerIdentifierValue = 10;

/// The name's words in lower case: split at anything but letters and digits, and where a lower-case
/// letter meets an upper-case one ("personId").
std::vector<std::string> nameWords(const std::string& name)
{
    std::vector<std::string> words(1);
    char previous = 0;
    for (const char character : name) {
        const auto byte = static_cast<unsigned char>(character);
        const bool alphanumeric = std::isalnum(byte) != 0;
        if (!alphanumeric || (std::isupper(byte) != 0 && std::islower(static_cast<unsigned char>(previous)) != 0)) {
            if (!words.back().empty())
                words.emplace_back();
        }
        if (alphanumeric)
            words.back() += static_cast<char>(std::tolower(byte));
        previous = character;
    }
    if (words.back().empty())
        words.pop_back();
    return words;
}

bool isIdentifierWord(std::string_view word)
{
    if (std::find(identifierWords.begin(), identifierWords.end(), word) != identifierWords.end())
        return true;
    if (word.size() <= 2 || word.substr(word.size() - 2) != "id")
        return false;
    const std::string_view thing = word.substr(0, word.size() - 2);
    return std::find(identifiedThings.begin(), identifiedThings.end(), thing) != identifiedThings.end();
}

} // namespace

IdentifierHint identifierHint(const core::EncodedTable& table, const core::EncodedColumn& column)
{
    if (table.rowCount < 2)
        return IdentifierHint::None;
    const auto words = nameWords(column.name);
    const bool named = std::any_of(words.begin(), words.end(), isIdentifierWord);
    const std::uint64_t distinct = column.distinctCount();
    const bool unique = distinct == table.rowCount;
    if (named && unique)
        return IdentifierHint::Proposed;
    if (named && distinct * rowsPerIdentifierValue >= table.rowCount)
        return IdentifierHint::Likely;
    if (unique && column.type != core::ColumnType::Decimal)
        return IdentifierHint::Likely;
    return IdentifierHint::None;
}

} // namespace qiscout::ui
