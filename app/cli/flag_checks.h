// SPDX-License-Identifier: GPL-3.0-or-later
// Validators and enum choices shared by the commands' options, so that every command words the
// same mistake the same way.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::cli {

/// Accepts a whole number of at least 1 ("--threads must be a whole number of at least 1, not '0'").
[[nodiscard]] CLI::Validator atLeastOne();

/// "age:entropy:3" -> {"age", "entropy", "3"}: the last `fields` colon-separated fields of a
/// COLUMN:...:VALUE specification, and everything before them as the column name (which may itself
/// hold colons). nullopt when there are fewer fields or the column name is empty.
[[nodiscard]] std::optional<std::vector<std::string>> splitFromRight(const std::string& text, int fields);

/// Restricts an option to the names of an enum's one table in core and stores the value it names
/// ("--algorithm must be one of auto, fpvi, mtui, suda2, brute, border, not 'foo'").
template <typename Enum, std::size_t N>
[[nodiscard]] CLI::Validator oneOf(const std::array<core::EnumName<Enum>, N>& names)
{
    std::string list;
    for (const core::EnumName<Enum>& entry : names)
        list += (list.empty() ? "" : ", ") + std::string(entry.name);
    return CLI::Validator(
        [names, list](std::string& text) -> std::string {
            const auto value = core::valueIn(names, text);
            if (!value)
                return "must be one of " + list + ", not '" + text + "'";
            // CLI11 then reads the enum from its number.
            text = std::to_string(static_cast<int>(*value));
            return {};
        },
        "{" + list + "}");
}

} // namespace qiscout::cli
