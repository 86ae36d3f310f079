// SPDX-License-Identifier: GPL-3.0-or-later
// The SPSS, Stata and SAS file kinds ReadStat writes, and the family whose rules each follows.
#pragma once

namespace qiscout::core {

/// Every file kind ReadStat writes. writeTable offers Sav, Zsav and Dta; the SAS kinds and the
/// portable file are here for tests, which need such files to read.
enum class StatisticalFileFormat { Sav, Zsav, Por, Dta, Xport, Sas7bdat };

/// The program whose rules a file kind follows (names, missing values, labels, text widths).
enum class StatisticalFamily { Spss, Stata, Sas };

/// The family of a file kind.
[[nodiscard]] inline StatisticalFamily familyOf(StatisticalFileFormat format)
{
    switch (format) {
    case StatisticalFileFormat::Sav:
    case StatisticalFileFormat::Zsav:
    case StatisticalFileFormat::Por:
        return StatisticalFamily::Spss;
    case StatisticalFileFormat::Dta:
        return StatisticalFamily::Stata;
    case StatisticalFileFormat::Xport:
    case StatisticalFileFormat::Sas7bdat:
        break;
    }
    return StatisticalFamily::Sas;
}

} // namespace qiscout::core
