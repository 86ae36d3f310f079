// SPDX-License-Identifier: GPL-3.0-or-later
#include "flag_checks.h"

#include <charconv>

namespace qiscout::cli {

CLI::Validator atLeastOne()
{
    return CLI::Validator(
        [](const std::string& text) -> std::string {
            unsigned long long value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc{} || end != text.data() + text.size() || value < 1)
                return "must be a whole number of at least 1, not '" + text + "'";
            return {};
        },
        "N>=1");
}

std::optional<std::vector<std::string>> splitFromRight(const std::string& text, int fields)
{
    std::vector<std::string> parts(static_cast<std::size_t>(fields) + 1);
    std::size_t end = text.size();
    for (int field = fields; field > 0; --field) {
        const std::size_t colon = end == 0 ? std::string::npos : text.rfind(':', end - 1);
        if (colon == std::string::npos || colon == 0)
            return std::nullopt;
        parts[static_cast<std::size_t>(field)] = text.substr(colon + 1, end - colon - 1);
        end = colon;
    }
    parts[0] = text.substr(0, end);
    return parts;
}

} // namespace qiscout::cli
