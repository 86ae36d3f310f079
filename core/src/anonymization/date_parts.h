// SPDX-License-Identifier: GPL-3.0-or-later
// Calendar dates read from cells, for date hierarchies and the order of t-closeness.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qiscout::core {

/// A date (and time, when the cell had one) split into its fields.
struct DateParts {
    int year = 0;
    int month = 0;
    int day = 0;
    /// The "HH:MM[:SS[.fff]]" after the date, without the separator; empty when none.
    std::string time;

    /// Orders chronologically (time compared as text, which its fixed layout makes chronological).
    friend auto operator<=>(const DateParts&, const DateParts&) = default;
};

/// Whether dates written NN/NN/YYYY in these cells put the day first: true unless some second
/// field exceeds 12 while no first field does (then the month comes first).
[[nodiscard]] bool datesPutDayFirst(const std::vector<std::string>& cells);

/// The date in a cell written in one of the layouts the loader recognises (YYYY-MM-DD, YYYY/MM/DD,
/// DD/MM/YYYY or MM/DD/YYYY as `dayFirst` says, DD.MM.YYYY; optionally 'T' or ' ' and a time), or
/// nullopt for anything else.
[[nodiscard]] std::optional<DateParts> parseDateParts(std::string_view cell, bool dayFirst);

} // namespace qiscout::core
