// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/report.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/engines/row_classes.h"
#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/lattice/lattice_layout.h"
#include "qiscout/core/report/headline.h"
#include "qiscout/core/util/cancellation.h"
#include "qiscout/core/util/display_text.h"

#include "report/file_digest.h"
#include "report/report_text.h"

namespace qiscout::core {
namespace {

/// Per-row exposure gathered in one sweep over the minimal sets.
struct RowExposure {
    std::vector<std::uint32_t> counts;
    /// Index of the first isolating set (the list is ordered by size, so it is a smallest one).
    std::vector<std::uint32_t> firstSet;
    std::vector<std::uint32_t> classSizeOnFirstSet;
};

constexpr std::uint32_t noSet = std::numeric_limits<std::uint32_t>::max();

/// Rows in classes of at most k rows on each set, classes sized the way the search sized them.
RowExposure measureExposure(const EncodedTable& table, const std::vector<ColumnSet>& sets, std::uint64_t k,
                            MissingSemantics semantics, const std::stop_token& stop)
{
    RowExposure exposure;
    exposure.counts.assign(table.rowCount, 0);
    exposure.firstSet.assign(table.rowCount, noSet);
    exposure.classSizeOnFirstSet.assign(table.rowCount, 0);
    for (std::size_t index = 0; index < sets.size(); ++index) {
        if (sets[index].empty())
            continue;
        const std::optional<RowClasses> classes = rowClasses(table, sets[index], semantics, stop);
        throwIfStopRequested(stop, "Building the report");
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            const std::uint32_t size = classes->classSizeOf(row);
            if (size > k)
                continue;
            ++exposure.counts[row];
            if (exposure.firstSet[row] == noSet) {
                exposure.firstSet[row] = static_cast<std::uint32_t>(index);
                exposure.classSizeOnFirstSet[row] = size;
            }
        }
    }
    return exposure;
}

std::string joinNames(const std::vector<std::string>& names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += names[i];
    }
    return text;
}

std::string setKindPhrase(int size)
{
    if (size == 1)
        return "single columns";
    if (size == 2)
        return "pairs of columns";
    return "combinations of " + std::to_string(size) + " columns";
}

std::vector<std::string> summarise(const QiReport& report)
{
    // Names within sentences are shortened like every name people are shown (#19).
    std::vector<std::string> shown;
    for (const ReportColumn& column : report.columns)
        shown.push_back(displayText(column.name));
    std::vector<std::string> sentences;
    const std::string kText = "(k = " + std::to_string(report.k) + ")";
    const std::string searchedCount =
        countedNoun(static_cast<std::uint64_t>(report.searchedColumns.size()), "searched column", "searched columns");
    if (!report.complete)
        sentences.push_back("The search was stopped before it finished: the findings below are only what had been "
                            "settled by then, and more combinations may single people out.");

    if (report.allColumns)
        sentences.push_back(allColumnsHeadline(*report.allColumns, report.k, report.columnNames()));

    const auto count = static_cast<std::uint64_t>(report.minimalSets.size());
    const std::string singleOut =
        report.k == 1 ? "single out at least one person"
                      : "put at least one person in a group of " + std::to_string(report.k) + " or fewer rows";
    const std::string singlesOut =
        report.k == 1 ? "singles out at least one person"
                      : "puts at least one person in a group of " + std::to_string(report.k) + " or fewer rows";
    if (count == 0) {
        sentences.push_back("No combination of the " + searchedCount + " " + singlesOut + " " + kText +
                            ": on every combination checked, each person shares their values with more than " +
                            countedNoun(report.k, "other row", "rows") + ".");
    } else {
        sentences.push_back("The quasi-identifiers are the smallest combinations of columns that already " + singleOut +
                            " " + kText + ", so they say where to coarsen first: " +
                            countedNoun(count, "combination was found", "combinations were found") + ".");
        const int smallest = report.minimalSets.front().columns.size();
        std::vector<MinimalSet> smallestSets;
        for (const MinimalSet& set : report.minimalSets)
            if (set.columns.size() == smallest)
                smallestSets.push_back(set);
        std::stable_sort(smallestSets.begin(), smallestSets.end(),
                         [](const MinimalSet& a, const MinimalSet& b) { return a.isolatedRows > b.isolatedRows; });
        constexpr std::size_t listed = 5;
        std::vector<std::string> names;
        for (std::size_t i = 0; i < std::min(listed, smallestSets.size()); ++i)
            names.push_back(smallest == 1 ? shown[static_cast<std::size_t>(smallestSets[i].columns.first())]
                                          : describe(smallestSets[i].columns, shown));
        std::string list = joinNames(names);
        if (smallestSets.size() > listed)
            list += " and " + std::to_string(smallestSets.size() - listed) + " more";
        sentences.push_back(
            (smallestSets.size() == 1 ? "The most dangerous is " : "The most dangerous are ") +
            (smallestSets.size() == 1
                 ? std::string(smallest == 1   ? "a single column"
                               : smallest == 2 ? "a pair of columns"
                                               : "a combination of " + std::to_string(smallest) + " columns")
                 : setKindPhrase(smallest)) +
            ": " + list + ".");
        const std::uint64_t atRisk = report.recordsAtRisk.rowsAtRisk;
        sentences.push_back(groupDigits(atRisk) + " of the " + groupDigits(report.rows) + " rows (" +
                            percentOf(atRisk, report.rows) + ") " + (atRisk == 1 ? "is " : "are ") +
                            atRiskPhrase(report.k) +
                            " on one of these smallest combinations alone; an intruder who knows more columns "
                            "finds more, as the first figure above says.");
        const Remediation& fix = report.remediation;
        std::vector<std::string> fixNames;
        for (const HittingStep& step : fix.steps)
            fixNames.push_back(shown[static_cast<std::size_t>(step.column)]);
        sentences.push_back("Removing or generalising " +
                            std::string(fixNames.size() == 1
                                            ? "this column"
                                            : "these " + std::to_string(fixNames.size()) + " columns") +
                            " first breaks every one of these combinations: " + joinNames(fixNames) + ".");
        if (!fix.remaining.empty() && fix.remainingSmallestClass && *fix.remainingSmallestClass > report.k &&
            report.complete && !report.maxSetSize) {
            const std::string remaining =
                fix.remaining.size() == 1
                    ? "the only other column, " + shown[static_cast<std::size_t>(fix.remaining.first())] +
                          ", can be released"
                    : "the other " + std::to_string(fix.remaining.size()) + " columns can be released together";
            sentences.push_back("With them removed, " + remaining + ": every group then has at least " +
                                std::to_string(*fix.remainingSmallestClass) +
                                " rows. Generalising instead of removing changes the data, so re-run QIScout on "
                                "the generalised table to check what risk remains.");
        } else {
            sentences.push_back("Whether that is enough must be checked by re-running QIScout on the changed table.");
        }
    }
    if (report.protection && report.protection->verificationK != report.k) {
        // One k in every sentence (#33): when the protection's differs from the findings', say so once.
        const std::uint64_t target = report.protection->verificationK;
        sentences.push_back("These findings count a row at risk when it is " + atRiskPhrase(report.k) +
                            " (k = " + std::to_string(report.k) + "); the protection asked for " +
                            (target > report.k ? "more" : "less") + ": nobody " + atRiskPhrase(target) +
                            " (k = " + std::to_string(target) + ", which is " + std::to_string(target + 1) +
                            "-anonymity in the usual terms).");
    }
    if (report.maxSetSize && *report.maxSetSize < report.searchedColumns.size())
        sentences.push_back("Only combinations of up to " + std::to_string(*report.maxSetSize) +
                            " columns were checked; larger combinations were not examined.");

    std::vector<std::string> direct;
    for (std::size_t c = 0; c < report.columns.size(); ++c)
        if (report.columns[c].role == ColumnRole::DirectIdentifier)
            direct.push_back(shown[c]);
    if (!direct.empty())
        sentences.push_back("Direct identifiers must be removed before publication: " + joinNames(direct) + ".");
    const DependencyAnalysis& dependencies = report.dependencies;
    const auto dependencyCount = static_cast<std::uint64_t>(dependencies.dependencies.size());
    const auto unsafeCount = static_cast<std::uint64_t>(dependencies.unsafeCount());
    if (dependencyCount > 0)
        sentences.push_back(
            countedNoun(dependencyCount, "exact dependency", "exact dependencies") + " between columns " +
            (dependencyCount == 1 ? "was" : "were") + " found" +
            (unsafeCount == 0
                 ? ": generalising a column while publishing a column that determines it undoes the generalisation."
                 : "; " + std::to_string(unsafeCount) + (unsafeCount == 1 ? " is" : " are") +
                       " unsafe: its determinant includes a column that is not a quasi-identifier, so an attacker "
                       "who knows it can match rows across the groups of a generalised table (the FFD attack)."));
    if (dependencies.release) {
        const auto succeeding = static_cast<std::uint64_t>(
            std::count_if(dependencies.release->attacks.begin(), dependencies.release->attacks.end(),
                          [](const ReleasedAttack& attack) { return attack.succeeds; }));
        sentences.push_back(succeeding == 0
                                ? "On the protected table, no unsafe dependency lets the FFD attack succeed."
                                : "On the protected table, the FFD attack still succeeds through " +
                                      countedNoun(succeeding, "dependency", "dependencies") + ".");
    }
    return sentences;
}

std::vector<LatticeLevel> summariseLevels(const QiReport& report)
{
    const int n = report.searchedColumns.size();
    const int explored = report.maxSetSize ? std::min(*report.maxSetSize, n) : n;
    std::vector<LatticeLevel> levels(static_cast<std::size_t>(n));
    for (int size = 1; size <= n; ++size) {
        LatticeLevel& level = levels[static_cast<std::size_t>(size - 1)];
        level.size = size;
        level.sets = LatticeLayout::binomial(n, size);
        level.explored = size <= explored;
    }
    for (const MinimalSet& set : report.minimalSets)
        ++levels[static_cast<std::size_t>(set.columns.size() - 1)].minimalSets;
    for (const SafeSet& set : report.maximalSafeSets)
        if (!set.columns.empty())
            ++levels[static_cast<std::size_t>(set.columns.size() - 1)].maximalSafeSets;

    // Counting vulnerable sets needs every set of the lattice; only small lattices are counted.
    constexpr std::uint64_t workLimit = 50'000'000;
    const auto work = (std::uint64_t{1} << std::min(n, 40)) * std::max<std::uint64_t>(1, report.minimalSets.size());
    if (n > 24 || work > workLimit || !report.complete)
        return levels;
    const std::vector<int> positions = report.searchedColumns.columns();
    std::vector<std::uint64_t> minimalMasks;
    for (const MinimalSet& set : report.minimalSets) {
        std::uint64_t local = 0;
        for (std::size_t i = 0; i < positions.size(); ++i)
            if (set.columns.contains(positions[i]))
                local |= std::uint64_t{1} << i;
        minimalMasks.push_back(local);
    }
    std::vector<std::uint64_t> vulnerable(static_cast<std::size_t>(n) + 1, 0);
    for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << n); ++mask) {
        const bool hit = std::any_of(minimalMasks.begin(), minimalMasks.end(),
                                     [mask](std::uint64_t minimal) { return (minimal & ~mask) == 0; });
        if (hit)
            ++vulnerable[static_cast<std::size_t>(std::popcount(mask))];
    }
    for (LatticeLevel& level : levels)
        if (level.explored)
            level.vulnerableSets = vulnerable[static_cast<std::size_t>(level.size)];
    return levels;
}

} // namespace

std::vector<std::string> QiReport::columnNames() const
{
    std::vector<std::string> names;
    names.reserve(columns.size());
    for (const ReportColumn& column : columns)
        names.push_back(column.name);
    return names;
}

std::vector<std::string> QiReport::namesOf(ColumnSet set) const
{
    return columnLabels(set, columnNames());
}

std::string formatIsoUtc(std::chrono::system_clock::time_point when)
{
    const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    std::array<char, 32> text{};
    const std::size_t length = std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &parts);
    return std::string(text.data(), length);
}

std::vector<HittingStep> greedyHittingSet(const std::vector<ColumnSet>& sets)
{
    int width = 0;
    for (const ColumnSet& set : sets)
        width = set.empty() ? width : std::max(width, set.last() + 1);
    std::vector<std::uint64_t> overall(static_cast<std::size_t>(width), 0);
    for (const ColumnSet& set : sets)
        set.forEach([&overall](int column) { ++overall[static_cast<std::size_t>(column)]; });
    std::vector<bool> hit(sets.size(), false);
    std::size_t remaining = sets.size();
    std::vector<HittingStep> steps;
    while (remaining > 0) {
        std::vector<std::uint64_t> gain(static_cast<std::size_t>(width), 0);
        for (std::size_t i = 0; i < sets.size(); ++i)
            if (!hit[i])
                sets[i].forEach([&gain](int column) { ++gain[static_cast<std::size_t>(column)]; });
        int best = -1;
        for (int column = 0; column < width; ++column) {
            const auto c = static_cast<std::size_t>(column);
            if (gain[c] == 0)
                continue;
            const auto b = static_cast<std::size_t>(best);
            if (best < 0 || gain[c] > gain[b] || (gain[c] == gain[b] && overall[c] > overall[b]))
                best = column;
        }
        if (best < 0)
            throw std::invalid_argument("greedyHittingSet: an empty set cannot be hit.");
        steps.push_back({best, gain[static_cast<std::size_t>(best)]});
        for (std::size_t i = 0; i < sets.size(); ++i)
            if (!hit[i] && sets[i].contains(best)) {
                hit[i] = true;
                --remaining;
            }
    }
    return steps;
}

std::vector<std::uint32_t> isolatingSetCounts(const EncodedTable& table, const std::vector<ColumnSet>& sets,
                                              std::uint64_t k, MissingSemantics semantics)
{
    return measureExposure(table, sets, k, semantics, {}).counts;
}

QiReport buildReport(const ReportInput& input, const ReportOptions& options, std::stop_token stop)
{
    if (!input.table)
        throw std::invalid_argument("buildReport needs the analysed table.");
    const EncodedTable& table = *input.table;
    if (!input.roles.empty() && input.roles.size() != table.columnCount())
        throw std::invalid_argument("buildReport: " + std::to_string(input.roles.size()) + " roles for " +
                                    std::to_string(table.columnCount()) + " columns.");
    const SearchResult& result = input.result;

    QiReport report;
    report.qiscoutVersion = QISCOUT_VERSION;
    report.generatedAt = formatIsoUtc(input.generatedAt.value_or(std::chrono::system_clock::now()));
    report.filePath = table.sourcePath;
    report.sourcePart = table.sourcePart;
    // A database connection has no file name; the report names it by the whole (password-free) string.
    const bool file = isFileSource(detectSourceFormat(table.sourcePath));
    report.fileName = file ? std::filesystem::path(table.sourcePath).filename().string() : table.sourcePath;
    if (input.fileSha256) {
        report.fileSha256 = input.fileSha256;
    } else if (!table.sourcePath.empty() && file) {
        try {
            report.fileSha256 = sha256HexOfFile(table.sourcePath, stop);
        } catch (const FileReadError&) {
            // A file moved or deleted since loading leaves the digest unknown, not the report unwritten.
            report.fileSha256.reset();
        }
    }
    report.rows = table.rowCount;
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const EncodedColumn& column = table.columns[c];
        ReportColumn described;
        described.name = column.name;
        described.role = input.roles.empty() ? ColumnRole::QuasiIdentifier : input.roles[c];
        described.type = column.type;
        described.distinctValues = column.distinctCount();
        described.missingCells = column.missingCells();
        described.description = column.description;
        described.searched = result.searchedColumns.contains(static_cast<int>(c));
        report.columns.push_back(std::move(described));
    }

    report.k = result.k;
    report.requestedAlgorithm = input.requestedAlgorithm;
    report.algorithm = result.algorithm;
    report.missingSemantics = result.missingSemantics;
    report.threads = result.threads;
    report.batchSize = result.batchSize;
    report.maxSetSize = input.parameters.maxSetSize;
    report.searchedColumns = result.searchedColumns;
    report.complete = result.complete;
    report.stats = result.stats;
    report.loadSeconds = input.loadSeconds;
    report.minimalSets = result.minimalSets;
    report.maximalSafeSets = result.maximalSafeSets;
    const auto bySizeThenLex = [](const auto& a, const auto& b) { return sizeThenLexLess(a.columns, b.columns); };
    std::sort(report.minimalSets.begin(), report.minimalSets.end(), bySizeThenLex);
    std::sort(report.maximalSafeSets.begin(), report.maximalSafeSets.end(), bySizeThenLex);

    std::vector<ColumnSet> minimalColumns;
    for (const MinimalSet& set : report.minimalSets)
        minimalColumns.push_back(set.columns);

    for (const int column : report.searchedColumns.columns()) {
        const auto count =
            static_cast<std::uint64_t>(std::count_if(minimalColumns.begin(), minimalColumns.end(),
                                                     [column](const ColumnSet& set) { return set.contains(column); }));
        report.columnRanking.push_back({column, count});
    }
    std::stable_sort(report.columnRanking.begin(), report.columnRanking.end(),
                     [](const ColumnRank& a, const ColumnRank& b) { return a.minimalSets > b.minimalSets; });

    report.remediation.steps = greedyHittingSet(minimalColumns);
    for (const HittingStep& step : report.remediation.steps)
        report.remediation.removed = report.remediation.removed.with(step.column);
    report.remediation.remaining = report.searchedColumns.minus(report.remediation.removed);
    if (!report.remediation.remaining.empty() && table.rowCount > 0) {
        const std::optional<RowClasses> remaining =
            rowClasses(table, report.remediation.remaining, report.missingSemantics, stop);
        throwIfStopRequested(stop, "Building the report");
        report.remediation.remainingSmallestClass =
            *std::min_element(remaining->classSizes.begin(), remaining->classSizes.end());
    }

    throwIfStopRequested(stop, "Building the report");
    const RowExposure exposure = measureExposure(table, minimalColumns, report.k, report.missingSemantics, stop);
    RecordsAtRisk& risk = report.recordsAtRisk;
    risk.valuesIncluded = options.includeValues;
    std::vector<std::uint64_t> bins;
    std::vector<std::uint32_t> atRisk;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        const std::uint32_t count = exposure.counts[row];
        if (bins.size() <= count)
            bins.resize(std::size_t{count} + 1, 0);
        ++bins[count];
        if (count > 0)
            atRisk.push_back(row);
    }
    for (std::size_t sets = 0; sets < bins.size(); ++sets)
        if (bins[sets] > 0)
            risk.histogram.push_back({sets, bins[sets]});
    risk.rowsAtRisk = atRisk.size();
    const auto riskier = [&](std::uint32_t a, std::uint32_t b) {
        if (exposure.counts[a] != exposure.counts[b])
            return exposure.counts[a] > exposure.counts[b];
        const int sizeA = minimalColumns[exposure.firstSet[a]].size();
        const int sizeB = minimalColumns[exposure.firstSet[b]].size();
        if (sizeA != sizeB)
            return sizeA < sizeB;
        return a < b;
    };
    const std::size_t listed = std::min(options.riskiestRowLimit, atRisk.size());
    std::partial_sort(atRisk.begin(), atRisk.begin() + static_cast<std::ptrdiff_t>(listed), atRisk.end(), riskier);
    const std::vector<int> searched = report.searchedColumns.columns();
    for (std::size_t i = 0; i < listed; ++i) {
        const std::uint32_t row = atRisk[i];
        RiskyRow risky;
        risky.row = row;
        risky.isolatingSets = exposure.counts[row];
        risky.smallestIsolatingSet = minimalColumns[exposure.firstSet[row]];
        risky.classSize = exposure.classSizeOnFirstSet[row];
        if (options.includeValues)
            for (const int column : searched)
                risky.values.push_back(table.text(row, static_cast<std::size_t>(column)));
        risk.riskiest.push_back(std::move(risky));
    }

    ColumnSet examined = report.searchedColumns;
    for (std::size_t c = 0; c < report.columns.size(); ++c)
        if (report.columns[c].role == ColumnRole::Sensitive)
            examined = examined.with(static_cast<int>(c));
    report.dependencies = analyseDependencies(table, examined, report.searchedColumns, options.dependencyMaxLhs,
                                              input.protectedRelease, stop);

    report.allColumns = result.allColumns;
    if (!report.allColumns) {
        report.allColumns = allColumnsRisk(table, result, stop);
        throwIfStopRequested(stop, "Building the report");
    }
    report.latticeLevels = summariseLevels(report);
    report.protection = input.protection;
    report.summary = summarise(report);
    if (input.risk)
        report.recordRisk = buildRecordRiskSection(input.risk, table, options.riskiestRowLimit, options.includeValues);
    return report;
}

} // namespace qiscout::core
