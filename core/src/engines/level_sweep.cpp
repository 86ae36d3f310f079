// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/level_sweep.h"

#include <stdexcept>

#include "engines/search_setup.h"
#include "engines/settled_lattice.h"
#include "lattice/candidate_generator.h"

namespace qiscout::core {

struct LevelSweep::State {
    explicit State(const ResolvedParameters& parameters)
        : resolved(parameters)
        , generator(parameters.columns, parameters.maxSetSize)
    {}

    /// Draws the open level's sets from the generator.
    void openLevel()
    {
        level.clear();
        while (std::optional<ColumnSet> candidate = generator.next())
            level.push_back(std::move(*candidate));
    }

    ResolvedParameters resolved;
    CandidateGenerator<ColumnSet> generator;
    SettledLattice<ColumnSet> settled;
    std::vector<ColumnSet> level;
    SearchStatistics stats;
    bool finished = false;
};

LevelSweep::LevelSweep(const EncodedTable& table, const SearchParameters& parameters)
    : m_state(std::make_unique<State>(resolveParameters(table, parameters)))
{
    m_state->openLevel();
    m_state->finished = m_state->level.empty();
}

LevelSweep::~LevelSweep() = default;

const std::vector<ColumnSet>& LevelSweep::level() const
{
    return m_state->level;
}

int LevelSweep::levelSize() const
{
    return m_state->generator.level();
}

void LevelSweep::settle(const std::vector<SetEvaluation>& evaluations)
{
    State& state = *m_state;
    if (evaluations.size() != state.level.size())
        throw std::invalid_argument("LevelSweep::settle: one evaluation per set of the level is needed");
    std::vector<ColumnSet> safe;
    for (std::size_t i = 0; i < evaluations.size(); ++i) {
        const SetEvaluation& evaluation = evaluations[i];
        ++state.stats.setsEvaluated;
        state.stats.rowsScanned += evaluation.rowsVisited;
        if (evaluation.isolatedRows > 0) {
            state.settled.addMinimal(state.level[i], evaluation.isolatedRows, evaluation.smallestClass);
        } else {
            state.settled.addSafe(state.level[i], evaluation.smallestClass);
            safe.push_back(state.level[i]);
        }
    }
    if (state.generator.advance(std::move(safe)))
        state.openLevel();
    else
        state.level.clear();
    state.finished = state.level.empty();
}

bool LevelSweep::finished() const
{
    return m_state->finished;
}

SearchResult LevelSweep::result() const
{
    SearchResult result = resultFor(Algorithm::Mtui, m_state->resolved);
    result.complete = m_state->finished;
    m_state->settled.fill(result, m_state->resolved, m_state->finished);
    result.stats = m_state->stats;
    return result;
}

} // namespace qiscout::core
