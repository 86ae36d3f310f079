// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/anonymizer.h"

#include "anonymization/lattice_search.h"
#include "anonymization/local_suppression_search.h"
#include "anonymization/node_checker.h"
#include "anonymization/search_setup.h"

namespace qiscout::core {

AnonymizationResult runAnonymization(const EncodedTable& table, const AnonymizationParameters& parameters,
                                     std::stop_token stop, AnonymizationObserver& observer)
{
    const SearchSetup setup = prepareSearch(table, parameters);
    if (setup.localSuppression)
        return searchWithLocalSuppression(setup, std::move(stop), observer);
    return searchLattice(setup, std::move(stop), observer);
}

TransformationLattice searchedLattice(const EncodedTable& table, const AnonymizationParameters& parameters)
{
    return prepareSearch(table, parameters).lattice;
}

TransformationAssessment assessTransformation(const EncodedTable& table, const AnonymizationParameters& parameters,
                                              const Transformation& transformation)
{
    const SearchSetup setup = prepareSearch(table, parameters);
    const std::uint64_t node = setup.lattice.nodeOf(transformation);
    const UtilityCalculator calculator(setup);
    if (setup.localSuppression) {
        if (setup.rows < setup.localK)
            throw AnonymizationParameterError("The table has fewer rows than k: no suppression protects it.");
        return suppressLocally(setup, calculator, node, {})->assessment;
    }
    return withKeyWords(setup.keyWords, [&](auto words) {
        NodeChecker<decltype(words)::value> checker(setup, calculator);
        RowGroups<decltype(words)::value> groups;
        checker.groupRows(node, 0, table.rowCount, groups);
        return assessmentOf(checker.evaluate(groups, node), setup.lattice);
    });
}

} // namespace qiscout::core
