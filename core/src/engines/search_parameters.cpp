// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/search_parameters.h"

namespace qiscout::core {

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(Algorithm algorithm)
{
    return nameIn(algorithmNames, algorithm).data();
}

std::optional<Algorithm> parseAlgorithm(std::string_view name)
{
    return valueIn(algorithmNames, name);
}

} // namespace qiscout::core
