// SPDX-License-Identifier: GPL-3.0-or-later
// How missing cells match when rows are grouped into classes (#17): the searches, the reports and
// the command line share this one definition.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// How a missing cell compares with other cells when rows are grouped into classes.
enum class MissingSemantics {
    /// A missing cell is one more value: it matches missing cells only (the default).
    Value,
    /// A missing cell matches any value (sdcMicro's freqCalc): a row's class on a column set is
    /// every row that agrees with it on each column of the set where both rows are non-missing.
    Wildcard,
};

/// The names of the semantics on the command line, in projects and in reports.
inline constexpr std::array<EnumName<MissingSemantics>, 2> missingSemanticsNames{{
    {MissingSemantics::Value, "value"},
    {MissingSemantics::Wildcard, "wildcard"},
}};

[[nodiscard]] const char* toString(MissingSemantics semantics);
/// Parses "value" or "wildcard"; nullopt for an unknown name.
[[nodiscard]] std::optional<MissingSemantics> parseMissingSemantics(std::string_view name);
/// What the semantics mean, in one plain sentence for reports and the command line.
[[nodiscard]] std::string_view missingSemanticsMeaning(MissingSemantics semantics);

} // namespace qiscout::core
