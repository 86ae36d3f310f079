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

} // namespace qiscout::cli
