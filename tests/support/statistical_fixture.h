// SPDX-License-Identifier: GPL-3.0-or-later
// A small survey written straight through ReadStat's writer, independent of QIScout's own writer,
// so the readers are checked against files whose contents are known value by value.
#pragma once

#include <string>

namespace qiscout::test {

/// The file kinds the fixture can be written as.
enum class StatisticalFixtureFormat { Sav, Zsav, Por, Dta, Xport, Sas7bdat };

/// Five respondents: id (1-5); sex (1 "male", 2 "female", one unlabelled 3); income (1200.5, a
/// refusal, system-missing, 800, 0; the refusal is SPSS user-missing -9 or Stata/SAS missing code
/// .a/.A, labelled "refused" where the format has labels); city (Lyon, Paris, "", Nice, Lyon);
/// born (a date format: 1990-05-17, 1985-01-01, 1970-01-01, missing, 2000-02-29). Variable labels
/// "Respondent", "Sex of respondent", "Monthly income (EUR)", none and "Date of birth" where the
/// format keeps them. Returns the file's bytes.
[[nodiscard]] std::string statisticalFixture(StatisticalFixtureFormat format);

/// The file name extension of a fixture format (".sav", ...).
[[nodiscard]] const char* fixtureExtension(StatisticalFixtureFormat format);

} // namespace qiscout::test
