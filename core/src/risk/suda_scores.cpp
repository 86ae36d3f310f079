// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/suda_scores.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "engines/msu_finder.h"

namespace qiscout::core {
namespace {

// Per row holding an MSU: MSUs by size, and per key column the summed weights of the MSUs
// containing it. Only a row unique on the key columns can hold one (any other row with its codes
// holds its items too), so the arrays have a slot per such row: on fertility.csv, 254,654 rows of
// which few are unique, zeroing arrays for every row took half the assessment. The arrays exist
// once: a worker's fork keeps only a short list of the MSUs it found and adds them under a lock when
// the list is full and at the join, so that a table of many rows pays for its arrays once, not
// once per worker plus a merge of every cell.
class ScoreSink final : public MsuSink {
public:
    static constexpr std::uint32_t noSlot = std::numeric_limits<std::uint32_t>::max();

private:
    // The arrays every fork adds to.
    struct Totals {
        Totals(const std::vector<std::uint32_t>& rowSlots, std::size_t slotCount, std::size_t keyCount,
               const std::vector<double>& sizeWeights)
            : slotOfRow(rowSlots)
            , keys(keyCount)
            , weights(sizeWeights)
            , counts(slotCount * keyCount, 0)
            , raw(slotCount * keyCount, 0.0)
        {}
        void add(std::uint32_t row, std::uint64_t localColumns)
        {
            const std::size_t slot = slotOfRow[row];
            assert(slot != noSlot && "an MSU on a row that is not unique on the key columns");
            // Counted in the loop: std::popcount is a library call on the x86-64 baseline.
            std::array<std::uint8_t, maxKeyColumns> columns; // written before it is read
            std::size_t size = 0;
            for (std::uint64_t rest = localColumns; rest != 0; rest &= rest - 1)
                columns[size++] = static_cast<std::uint8_t>(std::countr_zero(rest));
            ++counts[slot * keys + size - 1];
            const double weight = weights[size - 1];
            for (std::size_t i = 0; i < size; ++i)
                raw[slot * keys + columns[i]] += weight;
        }

        const std::vector<std::uint32_t>& slotOfRow;
        std::size_t keys;
        const std::vector<double>& weights;
        std::vector<std::uint64_t> counts;
        std::vector<double> raw;
        std::mutex mutex;
    };

public:
    /// `slotOfRow`: row -> its slot in the arrays, noSlot for a row not unique on the key columns.
    ScoreSink(const std::vector<std::uint32_t>& slotOfRow, std::size_t slots, std::size_t keys,
              const std::vector<double>& weights)
        : m_totals(std::make_shared<Totals>(slotOfRow, slots, keys, weights))
    {}
    explicit ScoreSink(std::shared_ptr<Totals> totals) : m_totals(std::move(totals)) {}
    ScoreSink(const ScoreSink&) = delete;
    ScoreSink& operator=(const ScoreSink&) = delete;
    ~ScoreSink() override = default;

    void found(std::uint32_t row, std::uint64_t localColumns) override
    {
        if (!m_forked) {
            m_totals->add(row, localColumns);
            return;
        }
        m_pending.emplace_back(row, localColumns);
        if (m_pending.size() == pendingLimit)
            flush();
    }
    [[nodiscard]] std::unique_ptr<MsuSink> fork() const override
    {
        auto forked = std::make_unique<ScoreSink>(m_totals);
        forked->m_forked = true;
        return forked;
    }
    void join(MsuSink& other) override { static_cast<ScoreSink&>(other).flush(); }

    /// Slot-major slots x sizes 1..keys.
    [[nodiscard]] const std::vector<std::uint64_t>& counts() const { return m_totals->counts; }
    /// Slot-major slots x key columns.
    [[nodiscard]] const std::vector<double>& raw() const { return m_totals->raw; }

private:
    static constexpr std::size_t pendingLimit = 4096;

    void flush()
    {
        const std::lock_guard lock(m_totals->mutex);
        for (const auto& [row, localColumns] : m_pending)
            m_totals->add(row, localColumns);
        m_pending.clear();
    }

    std::shared_ptr<Totals> m_totals;
    bool m_forked = false;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> m_pending;
};

} // namespace

double sudaWeight(SudaScoring scoring, int scoredColumns, int size)
{
    long double factorialRest = 1; // (M - k)!
    for (int j = 2; j <= scoredColumns - size; ++j)
        factorialRest *= j;
    if (scoring == SudaScoring::Elliot)
        return static_cast<double>(factorialRest);
    long double factorialSize = 1; // k!
    for (int j = 2; j <= size; ++j)
        factorialSize *= j;
    long double factorialAll = 1; // M!
    for (int j = 2; j <= scoredColumns; ++j)
        factorialAll *= j;
    return static_cast<double>((std::pow(2.0L, scoredColumns - size) - 1) * factorialSize * factorialRest /
                               factorialAll);
}

SudaScores computeSudaScores(const EncodedTable& table, const SudaOptions& options,
                             std::span<const std::uint32_t> classSizes, std::stop_token stop)
{
    const std::size_t keys = options.keyColumns.size();
    const std::uint32_t rows = table.rowCount;
    SudaScores result;
    // sdcMicro pads one or two key variables with constant columns, which count in M.
    const int scoredColumns = std::max(3, static_cast<int>(keys));
    result.summary.scoredColumns = scoredColumns;
    std::vector<double> weights;
    for (std::size_t size = 1; size <= keys; ++size)
        weights.push_back(sudaWeight(options.scoring, scoredColumns, static_cast<int>(size)));

    ColumnSet keySet;
    for (const int column : options.keyColumns)
        keySet = keySet.with(column);
    std::vector<std::uint32_t> slotOfRow(rows, ScoreSink::noSlot);
    std::uint32_t slots = 0;
    for (std::uint32_t row = 0; row < rows; ++row)
        if (classSizes[row] == 1)
            slotOfRow[row] = slots++;
    ScoreSink sink(slotOfRow, slots, keys, weights);
    MsuSearchOptions search;
    search.columns = keySet;
    search.maxSize = std::min(static_cast<int>(keys), options.maxMsuSize);
    search.missingValuesAreItems = false;
    search.threads = options.threads;
    search.itemsDone = options.itemsDone;
    search.itemsTotal = options.itemsTotal;
    result.complete = findMinimalSampleUniques(table, search, std::move(stop), sink).complete;

    // Scores from the exact counts, summed by size as sdcMicro sums them.
    result.scores.assign(rows, 0);
    result.contributions.assign(std::size_t{rows} * keys, 0);
    result.summary.msusBySize.assign(keys, 0);
    for (std::uint32_t row = 0; row < rows; ++row) {
        const std::size_t slot = slotOfRow[row];
        if (slot == ScoreSink::noSlot)
            continue;
        double score = 0;
        for (std::size_t size = 0; size < keys; ++size) {
            const std::uint64_t count = sink.counts()[slot * keys + size];
            score += static_cast<double>(count) * weights[size];
            result.summary.msusBySize[size] += count;
        }
        result.scores[row] = score;
        if (score > 0)
            for (std::size_t key = 0; key < keys; ++key)
                result.contributions[row * keys + key] = sink.raw()[slot * keys + key] / score;
    }
    while (!result.summary.msusBySize.empty() && result.summary.msusBySize.back() == 0)
        result.summary.msusBySize.pop_back();

    // Attribute contributions: each column's summed MSU weights against the summed scores; per
    // value, the share of the column's own sum carried by the rows holding that value.
    double totalScore = 0;
    for (const double score : result.scores)
        totalScore += score;
    for (std::size_t key = 0; key < keys; ++key) {
        const EncodedColumn& column = table.columns[static_cast<std::size_t>(options.keyColumns[key])];
        std::vector<double> byCode(column.distinctCount(), 0);
        double columnTotal = 0;
        for (std::uint32_t row = 0; row < rows; ++row) {
            if (slotOfRow[row] == ScoreSink::noSlot)
                continue;
            const double raw = sink.raw()[std::size_t{slotOfRow[row]} * keys + key];
            columnTotal += raw;
            byCode[column.codes[row]] += raw;
        }
        result.summary.attributeContributions.push_back(totalScore > 0 ? 100 * columnTotal / totalScore : 0);
        for (double& share : byCode)
            share = columnTotal > 0 ? 100 * share / columnTotal : 0;
        result.summary.levelContributions.push_back(std::move(byCode));
    }

    // DIS-SUDA: the probability that a sample unique is a population unique, Dis = U f / (U f +
    // P (1 - f)) for U rows unique and P rows in pairs on the key columns, spread over the rows by
    // their scores. sdcMicro's U / Dis - U is P (1 - f) / f, which needs no U; it computes Dis in
    // single precision, so both agree to about six digits.
    const double f = options.samplingFraction;
    const auto uniques = static_cast<double>(std::count(classSizes.begin(), classSizes.end(), 1U));
    const auto paired = static_cast<double>(std::count(classSizes.begin(), classSizes.end(), 2U));
    result.summary.disProbability = uniques > 0 ? uniques * f / (uniques * f + paired * (1 - f)) : 0;
    const double q = 1 + (8.0 - scoredColumns) / 20;
    // score^q once per row (pow was a twentieth of the SUDA time on 5,000 rows), and none at all
    // for 8 key columns, where q is 1.
    std::vector<double> powered(rows, 0);
    double adjustment = 0;
    for (std::uint32_t row = 0; row < rows; ++row) {
        const double score = result.scores[row];
        if (score > 0) {
            powered[row] = q == 1 ? score : std::pow(score, q);
            adjustment += 1 / powered[row];
        }
    }
    const double spread = paired * (1 - f) / f;
    result.disScores.assign(rows, 0);
    for (std::uint32_t row = 0; row < rows; ++row)
        if (result.scores[row] > 0)
            result.disScores[row] = 1 / (1 + spread / (powered[row] * adjustment));
    return result;
}

} // namespace qiscout::core
