// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/salary_table.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "table/split_mix64.h"

namespace qiscout::core {
namespace {

constexpr std::array<const char*, 8> workClasses{"Private",   "Self-emp-not-inc", "Self-emp-inc", "Federal-gov",
                                                 "Local-gov", "State-gov",        "Without-pay",  "Never-worked"};

std::string className(std::uint32_t index)
{
    std::string digits = std::to_string(index + 1);
    return "S" + std::string(digits.size() < 3 ? 3 - digits.size() : 0, '0') + digits;
}

} // namespace

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(SalaryDistribution distribution)
{
    return nameIn(salaryDistributionNames, distribution).data();
}

std::optional<SalaryDistribution> parseSalaryDistribution(std::string_view name)
{
    return valueIn(salaryDistributionNames, name);
}

EncodedTable makeSalaryTable(const SalaryTableShape& shape)
{
    if (shape.salaryClasses < 1 || shape.salaryClasses > 1000)
        throw std::invalid_argument("A salary table has 1 to 1000 salary classes, not " +
                                    std::to_string(shape.salaryClasses) + ".");
    SplitMix64 random(shape.seed);
    const std::uint32_t classes = shape.salaryClasses;
    std::vector<double> cumulative(classes);
    double total = 0.0;
    for (std::uint32_t i = 0; i < classes; ++i) {
        total += shape.distribution == SalaryDistribution::Uniform ? 0.9 + 0.2 * random.uniform()
                                                                   : 1.0 / static_cast<double>(i + 1);
        cumulative[i] = total;
    }

    std::vector<std::vector<std::string>> rows;
    rows.reserve(shape.rows);
    for (std::uint32_t r = 0; r < shape.rows; ++r) {
        const double u = random.uniform() * total;
        const auto salary = static_cast<std::uint32_t>(std::min<std::ptrdiff_t>(
            std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin(), classes - 1));
        // Higher salary classes are older, better educated and work longer, with wide overlaps.
        const std::uint32_t band = salary * 32U / classes;
        const std::uint32_t age = 17 + band + random.below(41);
        const std::uint32_t education = std::min(16U, 1 + band / 4 + random.below(9));
        const std::uint32_t hours = 10 + band + random.below(50);
        const char* sex = random.below(2) == 0 ? "Female" : "Male";
        rows.push_back({std::to_string(age), std::to_string(education), std::to_string(hours), sex,
                        workClasses[salary * workClasses.size() / classes], className(salary)});
    }
    EncodedTable table =
        encodeRows({"age", "education-num", "hours-per-week", "sex", "work-class", "salary-class"}, rows);
    for (std::size_t c = 0; c < 3; ++c)
        table.columns[c].type = ColumnType::Integer;
    table.sourcePath = std::string(toString(shape.distribution)) + ".csv";
    return table;
}

} // namespace qiscout::core
