// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/util/display_text.h"

namespace qiscout::core {
namespace {

bool isContinuation(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

} // namespace

std::size_t characterCount(std::string_view text)
{
    std::size_t count = 0;
    for (const char c : text)
        count += isContinuation(c) ? 0U : 1U;
    return count;
}

std::string displayText(std::string_view text, std::size_t maxCharacters)
{
    if (text.size() <= maxCharacters)
        return std::string(text);
    std::size_t end = 0;
    std::size_t kept = 0;
    while (end < text.size() && kept < maxCharacters) {
        ++end;
        while (end < text.size() && isContinuation(text[end]))
            ++end;
        ++kept;
    }
    if (end == text.size())
        return std::string(text);
    return std::string(text.substr(0, end)) + "\u2026 (" + std::to_string(characterCount(text)) + " characters)";
}

std::string groupDigits(std::uint64_t value)
{
    // Built forwards rather than with std::string::insert, which trips GCC 12's false -Wrestrict at -O2;
    // not fmt's "{:L}", which groups by the process's locale while a report must read the same anywhere.
    const std::string digits = std::to_string(value);
    std::string grouped;
    grouped.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            grouped += ',';
        grouped += digits[i];
    }
    return grouped;
}

std::string countedNoun(std::uint64_t count, const std::string& singular, const std::string& pluralForm)
{
    return groupDigits(count) + " " + (count == 1 ? singular : pluralForm);
}

} // namespace qiscout::core
