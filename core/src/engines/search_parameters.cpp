// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/search_parameters.h"

#include <array>
#include <utility>

namespace qiscout::core {
namespace {

constexpr std::array<std::pair<Algorithm, const char*>, 6> algorithmNames{{
    {Algorithm::Auto, "auto"},
    {Algorithm::Fpvi, "fpvi"},
    {Algorithm::Mtui, "mtui"},
    {Algorithm::Suda2, "suda2"},
    {Algorithm::Brute, "brute"},
    {Algorithm::Border, "border"},
}};

} // namespace

const char* toString(Algorithm algorithm)
{
    for (const auto& [value, name] : algorithmNames)
        if (value == algorithm)
            return name;
    return "auto";
}

std::optional<Algorithm> parseAlgorithm(std::string_view name)
{
    for (const auto& [value, text] : algorithmNames)
        if (name == text)
            return value;
    return std::nullopt;
}

} // namespace qiscout::core
