// SPDX-License-Identifier: GPL-3.0-or-later
// A synthetic table shaped like a hospital discharge file (the Texas inpatient public use data's
// columns), for the tests and measurements of the automatic hierarchies (#34): coded columns with
// skewed frequencies, a quarter, a weekday, age-group codes and a long-tailed length of stay.
#pragma once

#include <cstdint>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Shape of one discharge table.
struct DischargeTableShape {
    std::uint32_t rows = 50'000;
    std::uint64_t seed = 1;
};

/// Ten columns, typed as the loader would read them from CSV: TYPE_OF_ADMISSION (1-5, 9, mostly
/// emergencies), SOURCE_OF_ADMISSION (1-9), PAT_STATUS (two-digit codes "01" to "66", mostly "01"),
/// SEX_CODE (F, M, rarely U), RACE (1-5), ETHNICITY (1, 2), ADMIT_WEEKDAY (1-7, fewer at the
/// weekend), DISCHARGE ("2015Q1" to "2015Q4"), LENGTH_OF_STAY (1 to 365 days, log-normal: half
/// the stays are 3 days or less, a few last months) and PAT_AGE (age-group codes "00" to "26",
/// newborns admitted as type 4). The same shape gives the same table on any machine.
[[nodiscard]] EncodedTable makeDischargeTable(const DischargeTableShape& shape);

} // namespace qiscout::core
