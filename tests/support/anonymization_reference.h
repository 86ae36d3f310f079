// SPDX-License-Identifier: GPL-3.0-or-later
// An independent, deliberately plain anonymisation oracle for the tests: every transformation is
// materialised as text, grouped with std::map, and judged with the models' and metrics' textbook
// definitions, sharing no code with core/src/anonymization/.
#pragma once

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/anonymization/utility_metric.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core::testing {

/// A privacy model as the oracle understands it.
struct ReferenceModel {
    /// DeltaPresence: parameter is δmin, c δmax; it judges the population rows of a class.
    enum class Kind { K, DistinctL, EntropyL, RecursiveL, EqualT, OrderedT, DeltaPresence };
    Kind kind = Kind::K;
    /// Sensitive column (unused for K).
    int column = -1;
    /// k, l or t.
    double parameter = 2.0;
    /// c of recursive-(c,l).
    double c = 0.0;
};

/// One transformation as the oracle evaluated it.
struct ReferenceNode {
    std::vector<int> levels;
    bool acceptable = false;
    std::uint64_t suppressedRows = 0;
    /// Classes among the kept rows.
    std::uint64_t classes = 0;
    /// Indexed by UtilityMetric.
    std::vector<double> values;
};

/// Every transformation of the lattice spanned by the hierarchies (quasiIdentifiers[i] is a
/// column, hierarchies[i] its hierarchy), in the lattice's node order (first quasi-identifier
/// slowest). With a research subset (one flag per row; empty = every row), the table is the
/// population: only the subset's rows are published, counted, suppressed and measured, and a
/// class without any of them fails only by δ-presence, which then cannot be suppressed.
[[nodiscard]] std::vector<ReferenceNode>
evaluateEveryTransformation(const EncodedTable& table, const std::vector<int>& quasiIdentifiers,
                            const std::vector<Hierarchy>& hierarchies, const std::vector<ReferenceModel>& models,
                            double suppressionLimit, const std::vector<bool>& researchSubset = {});

/// Every metric core has, in utilityMetricNames' order.
[[nodiscard]] std::vector<UtilityMetric> everyUtilityMetric();

/// The levels of the acceptable transformations no other acceptable one specialises.
[[nodiscard]] std::set<std::vector<int>> minimalAcceptableLevels(const std::vector<ReferenceNode>& nodes);

/// The first acceptable transformation of least `metric` value (node order breaks ties), or null.
[[nodiscard]] const ReferenceNode* bestAcceptable(const std::vector<ReferenceNode>& nodes, UtilityMetric metric);

/// Every thread count of threadCounts(), each with and without the whole frontier asked for: the
/// runs of the search each oracle comparison makes.
[[nodiscard]] std::vector<std::pair<int, bool>> searchRuns();

/// A random monotone hierarchy for a column: each level merges random groups of the level below;
/// height 0..maxHeight; the top is "*" about half of the time.
[[nodiscard]] Hierarchy randomHierarchy(const EncodedColumn& column, std::mt19937_64& random, int maxHeight = 3);

/// The first `count` columns of a table as quasi-identifiers with random hierarchies, drawn in
/// column order: the columns and hierarchies for the oracle, the same as specs for the search.
struct RandomQuasiIdentifiers {
    std::vector<int> columns;
    std::vector<Hierarchy> hierarchies;
    std::vector<QuasiIdentifierSpec> specs;
};

[[nodiscard]] RandomQuasiIdentifiers randomQuasiIdentifiers(const EncodedTable& table, int count,
                                                            std::mt19937_64& random);

} // namespace qiscout::core::testing
