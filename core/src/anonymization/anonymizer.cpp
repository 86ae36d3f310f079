// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/anonymizer.h"

#include <string>

#include "anonymization/heuristic_search.h"
#include "anonymization/lattice_search.h"
#include "anonymization/local_suppression_search.h"
#include "anonymization/node_checker.h"
#include "anonymization/search_setup.h"

namespace qiscout::core {

AnonymizationResult runAnonymization(const EncodedTable& table, const AnonymizationParameters& parameters,
                                     std::stop_token stop, AnonymizationObserver& observer)
{
    const SearchSetup setup = prepareSearch(table, parameters);
    const bool fits = setup.lattice.size() <= TransformationLattice::maxExactSize;
    const bool heuristic = parameters.strategy == LatticeSearchStrategy::Heuristic ||
                           (parameters.strategy == LatticeSearchStrategy::ExactWhereItFits && !fits);
    if (!heuristic || setup.localSuppression || setup.fullFrontier)
        requireExactSearch(setup.lattice);
    if (heuristic && !setup.localSuppression && !setup.fullFrontier) {
        if (!(parameters.heuristicSeconds > 0.0))
            throw AnonymizationParameterError("The heuristic search's time limit must be above 0 seconds.");
        return searchHeuristically(setup, parameters.heuristicSeconds, std::move(stop), observer);
    }
    if (setup.localSuppression) {
        // Local suppression prices every transformation with a greedy pass, which can take minutes
        // on large lattices; outside the exact strategy the time limit bounds it as it bounds the
        // heuristic search (an unfinished answer then says it is not proven optimal).
        std::optional<double> timeLimit;
        if (parameters.strategy != LatticeSearchStrategy::Exact)
            timeLimit = parameters.heuristicSeconds;
        AnonymizationResult result = searchWithLocalSuppression(setup, timeLimit, std::move(stop), observer);
        if (!result.complete)
            result.optimal = false;
        else if (result.optimal && result.optimum)
            result.lowerBound = result.optimum->value;
        return result;
    }
    AnonymizationResult result = searchLattice(setup, std::move(stop), observer);
    result.optimal = result.complete;
    if (result.complete && result.optimum)
        result.lowerBound = result.optimum->value;
    return result;
}

void requireExactSearch(const TransformationLattice& lattice)
{
    if (lattice.size() > TransformationLattice::maxExactSize)
        throw AnonymizationParameterError(
            "The generalisation lattice has " + std::to_string(lattice.size()) + " transformations, more than the " +
            std::to_string(TransformationLattice::maxExactSize) +
            " the exact search takes; use fewer quasi-identifiers or shorter hierarchies, or the heuristic "
            "search (qiscout-cli anonymize without the full frontier or local suppression).");
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
