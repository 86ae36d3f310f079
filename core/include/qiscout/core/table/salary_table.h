// SPDX-License-Identifier: GPL-3.0-or-later
// The synthetic tables of the FFD paper's experiments (Wang and Liu, section 7): a sensitive
// salary class whose values are close to uniform (U-dis) or skewed (S-dis), and the designed full
// functional dependency salary-class -> work-class.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// How the salary classes are spread over the rows.
enum class SalaryDistribution {
    Uniform, ///< U-dis: every class about equally often (within +-10%)
    Skewed,  ///< S-dis: class i about in proportion to 1 / (i + 1)
};

/// The paper's names of the distributions, as the command line takes them.
inline constexpr std::array<EnumName<SalaryDistribution>, 2> salaryDistributionNames{{
    {SalaryDistribution::Uniform, "u-dis"},
    {SalaryDistribution::Skewed, "s-dis"},
}};

[[nodiscard]] const char* toString(SalaryDistribution distribution);
[[nodiscard]] std::optional<SalaryDistribution> parseSalaryDistribution(std::string_view name);

/// Shape of one table.
struct SalaryTableShape {
    std::uint32_t rows = 100'000;
    /// Distinct salary classes, 1..1000.
    std::uint32_t salaryClasses = 50;
    SalaryDistribution distribution = SalaryDistribution::Uniform;
    std::uint64_t seed = 1;
};

/// Columns age, education-num, hours-per-week (integers), sex, work-class (text) and salary-class
/// (the sensitive column). work-class is a function of salary-class (8 work classes, each the
/// work of a band of neighbouring salary classes); age and hours grow with the salary class, so
/// the quasi-identifiers carry some of the sensitive value as real data does. The same shape gives
/// the same table on any machine.
[[nodiscard]] EncodedTable makeSalaryTable(const SalaryTableShape& shape);

} // namespace qiscout::core
