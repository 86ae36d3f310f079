// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/report_text.h"

#include <fmt/core.h>

namespace qiscout::core {

std::string escapeXml(std::string_view text)
{
    std::string escaped;
    escaped.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            escaped += "&amp;";
            break;
        case '<':
            escaped += "&lt;";
            break;
        case '>':
            escaped += "&gt;";
            break;
        case '"':
            escaped += "&quot;";
            break;
        case '\'':
            escaped += "&#39;";
            break;
        default:
            // Control characters are not allowed in XML 1.0 and can hide text; show a placeholder.
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
                escaped += "\xEF\xBF\xBD";
            else
                escaped += c;
        }
    }
    return escaped;
}

std::string fixedDecimals(double value, int decimals)
{
    return fmt::format("{:.{}f}", value, decimals);
}

std::string fourSignificant(double value)
{
    return fmt::format("{:.4g}", value);
}

std::string percentOf(std::uint64_t part, std::uint64_t whole)
{
    return whole == 0 ? "0%" : sharePercent(static_cast<double>(part) / static_cast<double>(whole));
}

std::string sharePercent(double share)
{
    const double value = 100.0 * share;
    // "0.0%" would read as "nobody"; a few rows out of many are still somebody.
    if (share > 0 && value < 0.05)
        return "less than 0.1%";
    return fixedDecimals(value, 1) + "%";
}

std::string csvField(const std::string& text)
{
    std::string quoted = "\"";
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        quoted += '\'';
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

} // namespace qiscout::core
