// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/table/salary_table.h"

using namespace qiscout::core;

TEST_CASE("The FFD experiment tables hold salary-class -> work-class and their distributions", "[salary-table]")
{
    const SalaryDistribution distribution = GENERATE(SalaryDistribution::Uniform, SalaryDistribution::Skewed);
    SalaryTableShape shape;
    shape.rows = 20'000;
    shape.salaryClasses = 40;
    shape.distribution = distribution;
    const EncodedTable table = makeSalaryTable(shape);
    REQUIRE(table.rowCount == 20'000);
    REQUIRE(table.columnNames() ==
            std::vector<std::string>{"age", "education-num", "hours-per-week", "sex", "work-class", "salary-class"});
    CHECK(table.columns[5].distinctCount() == 40);
    CHECK(table.columns[4].distinctCount() == 8);

    DependencyParameters parameters;
    parameters.maxLhs = 1;
    parameters.threads = 1;
    const DependencyResult result = discoverDependencies(table, parameters);
    const FunctionalDependency designed{ColumnSet::single(5), 4, 20'000};
    CHECK(std::find(result.dependencies.begin(), result.dependencies.end(), designed) != result.dependencies.end());

    const auto [fewest, most] =
        std::minmax_element(table.columns[5].frequencies.begin(), table.columns[5].frequencies.end());
    const double ratio = static_cast<double>(*most) / static_cast<double>(*fewest);
    if (distribution == SalaryDistribution::Uniform)
        CHECK(ratio < 1.5);
    else
        CHECK(ratio > 20.0);

    // The same shape gives the same table.
    const EncodedTable again = makeSalaryTable(shape);
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        CHECK(again.columns[c].codes == table.columns[c].codes);
    CHECK(parseSalaryDistribution(toString(distribution)) == distribution);
}
