// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/missing_semantics.h"

namespace qiscout::core {

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(MissingSemantics semantics)
{
    return nameIn(missingSemanticsNames, semantics).data();
}

std::optional<MissingSemantics> parseMissingSemantics(std::string_view name)
{
    return valueIn(missingSemanticsNames, name);
}

std::string_view missingSemanticsMeaning(MissingSemantics semantics)
{
    if (semantics == MissingSemantics::Wildcard)
        return "a missing cell matches any value (sdcMicro's wildcard semantics): a row's class is every row that "
               "agrees with it on each column where both are non-missing, so classes overlap and are never smaller "
               "than with missing cells as values";
    return "a missing cell is a value of its own: it matches other missing cells and nothing else";
}

} // namespace qiscout::core
