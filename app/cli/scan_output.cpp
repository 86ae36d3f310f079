// SPDX-License-Identifier: GPL-3.0-or-later
#include "scan_output.h"

#include <iterator>
#include <map>

#include <fmt/format.h>

#include "qiscout/core/report/headline.h"
#include "qiscout/core/report/result_json.h"

namespace qiscout::cli {
namespace {

// The lines of the set lists, gathered in a buffer written a megabyte at a time: a wide table's
// lists run to half a million lines, which the stream took a few pieces at a time.
class SetLines {
public:
    explicit SetLines(std::ostream& out) : m_out(out) {}
    SetLines(const SetLines&) = delete;
    SetLines& operator=(const SetLines&) = delete;
    ~SetLines() { flush(); }

    /// The buffer, with the next line begun: its indent and the set; the caller ends the line.
    std::string& start(const core::ColumnSet& set, const std::vector<std::string>& names)
    {
        if (m_buffer.size() >= flushBytes)
            flush();
        m_buffer += "    ";
        core::appendDescription(m_buffer, set, names);
        return m_buffer;
    }
    void flush()
    {
        m_out.write(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
        m_buffer.clear();
    }

private:
    static constexpr std::size_t flushBytes = std::size_t{1} << 20;

    std::ostream& m_out;
    std::string m_buffer;
};

} // namespace

void printScanSummary(std::ostream& out, const core::SearchResult& result, const core::EncodedTable& table,
                      double loadSeconds)
{
    const std::vector<std::string> names = table.columnNames();
    out << table.sourcePath << ": " << table.rowCount << " rows, " << result.searchedColumns.size() << " of "
        << table.columnCount() << " columns searched, k = " << result.k << ", " << core::toString(result.algorithm)
        << " (" << result.threads << (result.threads == 1 ? " thread" : " threads") << ", batch size "
        << result.batchSize << ")\n"
        << "Missing cells: " << core::toString(result.missingSemantics) << ": "
        << core::missingSemanticsMeaning(result.missingSemantics) << "\n\n";

    if (result.allColumns)
        out << "All columns searched, together (what an intruder who knows them all sees):\n  "
            << core::allColumnsHeadline(*result.allColumns, result.k, names) << "\n\n";
    out << "Quasi-identifiers (the smallest column sets on which some row is in a class of at most " << result.k
        << (result.k == 1 ? " row" : " rows") << ", so where to coarsen first): " << result.minimalSets.size() << "\n";
    std::map<int, std::vector<const core::MinimalSet*>> bySize;
    for (const core::MinimalSet& set : result.minimalSets)
        bySize[set.columns.size()].push_back(&set);
    SetLines lines(out);
    for (const auto& [size, sets] : bySize) {
        out << "  " << size << (size == 1 ? " column" : " columns") << " (" << sets.size() << "):\n";
        for (const core::MinimalSet* set : sets) {
            std::string& line = lines.start(set->columns, names);
            fmt::format_to(std::back_inserter(line), "  isolated rows: {}, smallest class: {}\n", set->isolatedRows,
                           set->smallestClass);
        }
        lines.flush();
    }

    out << "\nMaximal safe sets (every class larger than " << result.k << " rows): " << result.maximalSafeSets.size()
        << "\n";
    for (const core::SafeSet& set : result.maximalSafeSets) {
        std::string& line = lines.start(set.columns, names);
        fmt::format_to(std::back_inserter(line), "  smallest class: {}\n", set.smallestClass);
    }
    lines.flush();

    out << "\nSets evaluated: " << result.stats.setsEvaluated << ", rows scanned: " << result.stats.rowsScanned
        << ", search: " << result.stats.searchSeconds << " s, load: " << loadSeconds << " s\n";
}

std::string scanJson(const core::SearchResult& result, const core::EncodedTable& table,
                     const core::SearchParameters& parameters, double loadSeconds)
{
    core::ResultJsonContext context;
    context.rows = table.rowCount;
    context.columnNames = table.columnNames();
    context.loadSeconds = loadSeconds;
    context.sourcePath = table.sourcePath;
    context.maxSetSize = parameters.maxSetSize;
    return core::resultToJson(result, context);
}

} // namespace qiscout::cli
