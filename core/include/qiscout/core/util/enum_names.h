// SPDX-License-Identifier: GPL-3.0-or-later
// One table per enum maps its values to the names files, JSON and the command line use; both
// directions read the same table, so a name can never be written one way and parsed another.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace qiscout::core {

/// One value of an enum and its stable external name.
template <typename Enum>
struct EnumName {
    Enum value;
    std::string_view name;
};

/// The name of value in table; the first entry's name when the value is missing from the table.
template <typename Enum, std::size_t N>
[[nodiscard]] constexpr std::string_view nameIn(const std::array<EnumName<Enum>, N>& table, Enum value)
{
    for (const EnumName<Enum>& entry : table)
        if (entry.value == value)
            return entry.name;
    return table.front().name;
}

/// The value named name in table; nullopt for a name the table does not hold.
template <typename Enum, std::size_t N>
[[nodiscard]] constexpr std::optional<Enum> valueIn(const std::array<EnumName<Enum>, N>& table, std::string_view name)
{
    for (const EnumName<Enum>& entry : table)
        if (entry.name == name)
            return entry.value;
    return std::nullopt;
}

} // namespace qiscout::core
