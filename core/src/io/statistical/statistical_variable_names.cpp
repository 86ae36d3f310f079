// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/statistical/statistical_variable_names.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace qiscout::core {
namespace {

/// What a format allows in a variable name.
struct NameRules {
    std::size_t maxBytes = 64;
    /// Characters allowed after the first (besides ASCII letters and digits).
    std::string_view extraCharacters;
    bool caseInsensitive = false;
    bool uppercase = false;
    std::vector<std::string_view> reserved;
};

NameRules nameRules(StatisticalFileFormat format)
{
    switch (format) {
    case StatisticalFileFormat::Sav:
    case StatisticalFileFormat::Zsav:
        return {64,
                "_.@#$",
                true,
                false,
                {"ALL", "AND", "BY", "EQ", "GE", "GT", "LE", "LT", "NE", "NOT", "OR", "TO", "WITH"}};
    case StatisticalFileFormat::Por:
        return {8,
                "_.@#$",
                true,
                true,
                {"ALL", "AND", "BY", "EQ", "GE", "GT", "LE", "LT", "NE", "NOT", "OR", "TO", "WITH"}};
    case StatisticalFileFormat::Dta:
        return {32, "_", false, false, {"_all",  "_b",  "byte",  "_coef", "_cons", "double", "float",
                                        "if",    "in",  "int",   "long",  "_n",    "_N",     "_pi",
                                        "_pred", "_rc", "_skip", "strL",  "using", "with"}};
    case StatisticalFileFormat::Xport:
        return {8, "_", true, true, {}};
    case StatisticalFileFormat::Sas7bdat:
        break;
    }
    return {32, "_", true, false, {}};
}

std::string folded(std::string text, bool caseInsensitive)
{
    if (caseInsensitive)
        std::transform(text.begin(), text.end(), text.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

bool isReserved(const std::string& name, const NameRules& rules)
{
    const std::string key = folded(name, rules.caseInsensitive);
    if (std::any_of(rules.reserved.begin(), rules.reserved.end(),
                    [&](std::string_view word) { return folded(std::string(word), rules.caseInsensitive) == key; }))
        return true;
    // Stata reserves str1, str2, ... as type names.
    return rules.extraCharacters == "_" && !rules.caseInsensitive && name.size() > 3 &&
           name.compare(0, 3, "str") == 0 &&
           std::all_of(name.begin() + 3, name.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

/// A name the format accepts, as close to `name` as it allows: other characters become '_', a
/// name that does not start with a letter gets a "v" in front, and it is cut to the length limit.
std::string validName(const std::string& name, const NameRules& rules)
{
    std::string out;
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        const bool allowed =
            byte < 0x80 && (std::isalnum(byte) != 0 || rules.extraCharacters.find(c) != std::string_view::npos);
        out += allowed ? c : '_';
    }
    if (out.empty() || std::isalpha(static_cast<unsigned char>(out.front())) == 0)
        out.insert(out.begin(), 'v');
    if (rules.uppercase)
        out = folded(out, true);
    if (out.size() > rules.maxBytes)
        out.resize(rules.maxBytes);
    // SPSS names may not end with a full stop.
    while (out.size() > 1 && out.back() == '.')
        out.back() = '_';
    if (isReserved(out, rules))
        out = out.size() < rules.maxBytes ? out + "_" : "v" + out.substr(0, rules.maxBytes - 1);
    return out;
}

} // namespace

std::vector<std::string> validVariableNames(const EncodedTable& table, StatisticalFileFormat format,
                                            std::vector<std::string>& warnings)
{
    const NameRules rules = nameRules(format);
    std::vector<std::string> names;
    std::unordered_set<std::string> taken;
    for (const auto& column : table.columns) {
        std::string name = validName(column.name, rules);
        if (taken.count(folded(name, rules.caseInsensitive)) != 0) {
            for (int k = 2;; ++k) {
                const std::string suffix = "_" + std::to_string(k);
                std::string candidate =
                    name.substr(0, rules.maxBytes - std::min(rules.maxBytes, suffix.size())) + suffix;
                if (rules.uppercase)
                    candidate = folded(candidate, true);
                if (taken.count(folded(candidate, rules.caseInsensitive)) == 0) {
                    name = std::move(candidate);
                    break;
                }
            }
        }
        taken.insert(folded(name, rules.caseInsensitive));
        if (name != column.name)
            warnings.push_back("Column \"" + column.name + "\" is written as \"" + name + "\", a valid variable name.");
        names.push_back(std::move(name));
    }
    return names;
}

} // namespace qiscout::core
