// SPDX-License-Identifier: GPL-3.0-or-later
// The few terms a reader of QIScout's findings must know, in one place: the HTML and PDF reports
// end with them and the GUI's user guide shows them.
#pragma once

#include <array>
#include <string_view>

namespace qiscout::core {

/// One term and its plain-language definition.
struct GlossaryEntry {
    std::string_view term;
    std::string_view definition;
};

/// The glossary, in reading order.
inline constexpr std::array<GlossaryEntry, 6> glossary{{
    {"Quasi-identifier",
     "A combination of columns (such as birth date, sex and ZIP code) that is not a name but can still single a "
     "person out when combined with what an attacker knows. Only minimal combinations are listed: adding columns "
     "to one of them is always at least as risky."},
    {"k", "A row is at risk when at most k rows share its values on a combination. With k = 1, only unique rows "
          "count."},
    {"Generalise", "Publish coarser values (age bands instead of ages, the first digits of a ZIP code)."},
    {"Suppress", "Leave a column or some of its values out of the published data."},
    {"Long values", "Very long names and values are shortened on screen and in the HTML and PDF reports, with "
                    "\u2026 and their full length; the CSV and JSON reports keep them whole."},
    {"CSV report", "Cells that begin with =, +, -, @, a tab or a carriage return are written with a leading "
                   "apostrophe (') so that spreadsheets show them as text instead of running them as formulas "
                   "(OWASP's advice against CSV injection); every text cell is quoted."},
}};

} // namespace qiscout::core
