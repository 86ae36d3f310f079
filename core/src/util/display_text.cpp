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

} // namespace qiscout::core
