// SPDX-License-Identifier: GPL-3.0-or-later
#include "search_flags.h"

#include "column_selection.h"
#include "flag_checks.h"

namespace qiscout::cli {

void SearchFlags::addTo(CLI::App& command)
{
    command
        .add_option(
            "--k", m_k,
            "A row is at risk when its group has at most k rows (k = 1: unique rows; 1..2^31). Not k-anonymity's k: "
            "--k 5 here asks for what anonymize --k 6 gives")
        ->check(CLI::Range(std::uint64_t{1}, core::maxK));
    command.add_option("--threads", m_threads, "Worker threads (default: all cores)")->check(atLeastOne());
    command.add_option("--batch-size", m_batchSize, "Rows per FPVI task")->check(atLeastOne());
    command.add_option("--max-size", m_maxSize, "Largest column set to evaluate")->check(atLeastOne());
    command.add_option("--columns", m_columns, "Columns to search, by name (default: all)")->delimiter(',');
    command.add_option("--exclude", m_exclude, "Columns not to search, by name")->delimiter(',');
    command.add_option("--algorithm", m_algorithm, "fpvi, mtui, suda2, brute, border or auto (default: auto)")
        ->transform(oneOf(core::algorithmNames));
    command
        .add_option("--missing-semantics", m_missingSemantics,
                    "How a missing cell matches: value (only other missing cells; default) or wildcard (any value, "
                    "as sdcMicro's freqCalc)")
        ->transform(oneOf(core::missingSemanticsNames));
}

core::SearchParameters SearchFlags::parameters(const core::EncodedTable& table) const
{
    core::SearchParameters parameters;
    parameters.k = m_k;
    parameters.threads = m_threads;
    parameters.batchSize = m_batchSize;
    parameters.maxSetSize = m_maxSize;
    parameters.columns = selectColumns(table, m_columns, m_exclude);
    parameters.missingSemantics = m_missingSemantics;
    return parameters;
}

} // namespace qiscout::cli
