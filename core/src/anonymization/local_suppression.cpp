// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines because the greedy pass, the restoring pass and the exact branch and bound are
// one method: the exact search is seeded with the passes' answer and shares their key helpers,
// none of which anything else needs.
#include "qiscout/core/anonymization/local_suppression.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>

namespace qiscout::core {
namespace {

/// A cell whose value is hidden: suppressed, or missing in the input.
constexpr std::uint32_t wild = std::numeric_limits<std::uint32_t>::max();
/// Key columns as bits; the search's own limit of quasi-identifiers is 64 too.
using Mask = std::uint64_t;
constexpr int maxKeyColumns = 64;
/// Free columns up to which option A tries every subset of them (2^16 sums per unsafe group).
constexpr int maxEnumeratedColumns = 16;

using Key = std::vector<std::uint32_t>;

struct KeyHash {
    std::size_t operator()(const Key& key) const
    {
        std::uint64_t hash = 0x9e3779b97f4a7c15ULL;
        for (const std::uint32_t code : key)
            hash = (hash ^ code) * 0x100000001b3ULL;
        return static_cast<std::size_t>(hash ^ (hash >> 29));
    }
};

/// Whether the row keyed `other` counts in the class of the row keyed `key`: it shows every value
/// key shows. A wildcard in key matches anything; a wildcard in other matches nothing key shows,
/// so suppressing a cell protects its own row and never pads another's class (see the header).
bool covers(const std::uint32_t* key, const std::uint32_t* other, int columns)
{
    for (int c = 0; c < columns; ++c)
        if (key[c] != wild && key[c] != other[c])
            return false;
    return true;
}

/// Columns where key shows a value that other does not show: what key must suppress for other to
/// count in its class.
Mask uncovered(const std::uint32_t* key, const std::uint32_t* other, int columns)
{
    Mask mask = 0;
    for (int c = 0; c < columns; ++c)
        if (key[c] != wild && key[c] != other[c])
            mask |= Mask{1} << c;
    return mask;
}

/// The input as row-major keys with wildcards marked, and what is asked.
struct Problem {
    std::uint32_t rows = 0;
    int columns = 0;
    std::uint64_t k = 1;
    std::vector<double> weights;
    std::vector<std::uint32_t> original;

    [[nodiscard]] const std::uint32_t* key(std::uint32_t row) const
    {
        return original.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(columns);
    }
    [[nodiscard]] double weightOf(Mask mask) const
    {
        double sum = 0.0;
        for (; mask != 0; mask &= mask - 1)
            sum += weights[static_cast<std::size_t>(std::countr_zero(mask))];
        return sum;
    }
};

/// The rows grouped by their current key, each group with its class size (the rows of every group
/// its key covers), kept exact as rows move between keys: one pass over the groups per move.
/// (rowClasses sizes classes once; this state changes at every move. The tests check the answers
/// pair by pair, and the CLI's re-check with the engines' wildcard class sizes.)
class KeyGroups {
public:
    explicit KeyGroups(const Problem& problem) : m_problem(problem)
    {
        for (std::uint32_t row = 0; row < problem.rows; ++row) {
            const std::uint32_t* key = problem.key(row);
            m_members[groupOf(Key(key, key + problem.columns))].push_back(row);
        }
        for (std::uint32_t group = 0; group < groupCount(); ++group)
            m_sizes[group] = sizeOf(keyOf(group));
    }

    [[nodiscard]] std::uint32_t groupCount() const { return static_cast<std::uint32_t>(m_members.size()); }
    [[nodiscard]] const std::uint32_t* keyOf(std::uint32_t group) const
    {
        return m_keys.data() + static_cast<std::size_t>(group) * static_cast<std::size_t>(m_problem.columns);
    }
    [[nodiscard]] const std::vector<std::uint32_t>& members(std::uint32_t group) const { return m_members[group]; }
    [[nodiscard]] std::uint64_t size(std::uint32_t group) const { return m_sizes[group]; }

    /// The class size of a row with this key, counting the rows already in the groups it covers.
    [[nodiscard]] std::uint64_t sizeOf(const std::uint32_t* key) const
    {
        const int columns = m_problem.columns;
        if (std::find(key, key + columns, wild) == key + columns) {
            // A key without wildcards covers only itself.
            const auto found = m_index.find(Key(key, key + columns));
            return found == m_index.end() ? 0 : m_members[found->second].size();
        }
        std::uint64_t size = 0;
        for (std::uint32_t group = 0; group < groupCount(); ++group)
            if (!m_members[group].empty() && covers(key, keyOf(group), columns))
                size += m_members[group].size();
        return size;
    }

    /// Moves `rows` (members of `from`) to the group of `key`; returns that group. A group whose key
    /// covered from's and not the new one loses the rows from its class, and the other way round.
    std::uint32_t move(std::uint32_t from, std::vector<std::uint32_t> rows, const Key& key)
    {
        const std::uint32_t to = groupOf(key);
        if (to == from)
            return to;
        const bool fresh = m_members[to].empty();
        const int columns = m_problem.columns;
        const auto moved = static_cast<std::uint64_t>(rows.size());
        for (std::uint32_t group = 0; group < groupCount(); ++group) {
            if ((group == to && fresh) || (m_members[group].empty() && group != to))
                continue;
            const bool before = covers(keyOf(group), keyOf(from), columns);
            const bool after = covers(keyOf(group), keyOf(to), columns);
            if (before != after)
                m_sizes[group] = after ? m_sizes[group] + moved : m_sizes[group] - moved;
        }
        std::vector<std::uint32_t>& source = m_members[from];
        if (rows.size() == source.size())
            source.clear();
        else
            for (const std::uint32_t row : rows)
                source.erase(std::find(source.begin(), source.end(), row));
        m_members[to].insert(m_members[to].end(), rows.begin(), rows.end());
        if (fresh)
            m_sizes[to] = sizeOf(keyOf(to));
        return to;
    }

private:
    std::uint32_t groupOf(const Key& key)
    {
        const auto [found, inserted] = m_index.try_emplace(key, groupCount());
        if (inserted) {
            m_keys.insert(m_keys.end(), key.begin(), key.end());
            m_members.emplace_back();
            m_sizes.push_back(0);
        }
        return found->second;
    }

    const Problem& m_problem;
    std::vector<std::uint32_t> m_keys;
    std::vector<std::vector<std::uint32_t>> m_members;
    std::vector<std::uint64_t> m_sizes;
    std::unordered_map<Key, std::uint32_t, KeyHash> m_index;
};

Key withWildcards(const std::uint32_t* key, int columns, Mask mask)
{
    Key result(key, key + columns);
    for (; mask != 0; mask &= mask - 1)
        result[static_cast<std::size_t>(std::countr_zero(mask))] = wild;
    return result;
}

/// Every group's uncovered columns against the target's key (0 for empty groups, which are
/// skipped): the group counts in the target's class once the target suppresses them.
std::vector<Mask> uncoveredBy(const KeyGroups& groups, std::uint32_t target, int columns)
{
    std::vector<Mask> masks(groups.groupCount(), 0);
    const std::uint32_t* key = groups.keyOf(target);
    for (std::uint32_t group = 0; group < groups.groupCount(); ++group)
        if (!groups.members(group).empty())
            masks[group] = uncovered(key, groups.keyOf(group), columns);
    return masks;
}

/// For an unsafe group: the cheapest set of its own cells (the same columns in each of its rows)
/// whose suppression gives the group a class of at least k rows. Ties go to the larger class, then
/// to the lower columns.
Mask cheapestOwnSuppression(const Problem& problem, const KeyGroups& groups, std::uint32_t target,
                            const std::vector<Mask>& uncoveredColumns)
{
    const int columns = problem.columns;
    const std::uint32_t* key = groups.keyOf(target);
    std::vector<int> free;
    for (int c = 0; c < columns; ++c)
        if (key[c] != wild)
            free.push_back(c);
    // A group counts in the target's class with J suppressed exactly when its uncovered columns lie
    // within J.
    const auto spread = [&free](std::uint64_t compact) {
        Mask mask = 0;
        for (std::size_t bit = 0; bit < free.size(); ++bit)
            if ((compact >> bit) & 1U)
                mask |= Mask{1} << free[bit];
        return mask;
    };
    if (static_cast<int>(free.size()) <= maxEnumeratedColumns) {
        // Rows per uncovered set over the free columns, then summed over subsets (a zeta transform):
        // rows[J] is the class size with J suppressed.
        std::vector<std::uint64_t> rows(std::size_t{1} << free.size(), 0);
        const bool allFree = static_cast<int>(free.size()) == columns;
        for (std::uint32_t group = 0; group < groups.groupCount(); ++group) {
            const Mask mask = uncoveredColumns[group];
            std::uint64_t compact = allFree ? mask : 0;
            for (std::size_t bit = 0; !allFree && bit < free.size(); ++bit)
                if ((mask >> free[bit]) & 1U)
                    compact |= std::uint64_t{1} << bit;
            rows[compact] += groups.members(group).size();
        }
        for (std::size_t bit = 0; bit < free.size(); ++bit)
            for (std::size_t set = 0; set < rows.size(); ++set)
                if ((set >> bit) & 1U)
                    rows[set] += rows[set ^ (std::size_t{1} << bit)];
        // What the move costs others: a group whose class counts the target's rows and no longer
        // does once they hide a value the group shows. A group at k or more that falls below k
        // must then suppress at least one cell per row, so each of its rows is priced at the
        // lightest weight. Without this the pass picks cheap cells that push neighbours under k,
        // and their own suppressions cascade (free1.csv, k = 3: 4,177 cells against 3,917).
        const auto moved = static_cast<std::uint64_t>(groups.members(target).size());
        std::vector<std::pair<Mask, std::uint64_t>> endangered;
        for (std::uint32_t group = 0; group < groups.groupCount(); ++group) {
            const auto held = static_cast<std::uint64_t>(groups.members(group).size());
            if (group == target || held == 0 || groups.size(group) < problem.k ||
                groups.size(group) >= problem.k + moved || !covers(groups.keyOf(group), key, columns))
                continue;
            Mask wildColumns = 0;
            for (int c = 0; c < columns; ++c)
                if (groups.keyOf(group)[c] == wild)
                    wildColumns |= Mask{1} << c;
            endangered.emplace_back(wildColumns, held);
        }
        const double lightest = *std::min_element(problem.weights.begin(), problem.weights.end());
        const auto priceOf = [&](Mask mask) {
            double price = static_cast<double>(moved) * problem.weightOf(mask);
            for (const auto& [wildColumns, held] : endangered)
                if ((wildColumns & mask) != mask)
                    price += lightest * static_cast<double>(held);
            return price;
        };
        Mask best = spread(rows.size() - 1);
        double bestWeight = priceOf(best);
        std::uint64_t bestRows = rows.back();
        for (std::size_t set = 1; set < rows.size(); ++set) {
            if (rows[set] < problem.k)
                continue;
            const Mask mask = spread(set);
            const double weight = priceOf(mask);
            if (weight < bestWeight || (weight == bestWeight && rows[set] > bestRows)) {
                best = mask;
                bestWeight = weight;
                bestRows = rows[set];
            }
        }
        return best;
    }
    // Too many free columns to try every subset: add the column that brings the most rows per
    // weight until the class is large enough (all free columns suppressed match every row).
    std::unordered_map<Mask, std::uint64_t> rowsByUncovered;
    for (std::uint32_t group = 0; group < groups.groupCount(); ++group)
        if (!groups.members(group).empty())
            rowsByUncovered[uncoveredColumns[group]] += groups.members(group).size();
    const auto rowsWith = [&rowsByUncovered](Mask suppressed) {
        std::uint64_t sum = 0;
        for (const auto& [mask, count] : rowsByUncovered)
            if ((mask & ~suppressed) == 0)
                sum += count;
        return sum;
    };
    Mask chosen = 0;
    std::uint64_t current = rowsWith(0);
    while (current < problem.k) {
        int bestColumn = -1;
        double bestGain = -1.0;
        std::uint64_t bestRows = current;
        for (const int c : free) {
            if ((chosen >> c) & 1U)
                continue;
            const std::uint64_t rows = rowsWith(chosen | (Mask{1} << c));
            const double gain = static_cast<double>(rows - current) / problem.weights[static_cast<std::size_t>(c)];
            if (gain > bestGain) {
                bestGain = gain;
                bestColumn = c;
                bestRows = rows;
            }
        }
        chosen |= Mask{1} << bestColumn;
        current = bestRows;
    }
    return chosen;
}

bool pastDeadline(const LocalSuppressionLimits& limits)
{
    return limits.deadline && std::chrono::steady_clock::now() > *limits.deadline;
}

/// The greedy pass: while some group's class is below k, the group with the smallest class
/// suppresses its cheapest own cells that reach k. Only its own cells can widen a class; a group
/// that showed a value the target now hides loses the target's rows and is fixed in its turn. Every
/// move adds wildcards, so the pass ends. False when stopped.
bool suppressGreedily(const Problem& problem, KeyGroups& groups, const std::stop_token& stop,
                      const LocalSuppressionLimits& limits)
{
    while (!stop.stop_requested() && !pastDeadline(limits)) {
        std::uint32_t target = groups.groupCount();
        for (std::uint32_t group = 0; group < groups.groupCount(); ++group)
            if (!groups.members(group).empty() && groups.size(group) < problem.k &&
                (target == groups.groupCount() || groups.size(group) < groups.size(target)))
                target = group;
        if (target == groups.groupCount())
            return true;
        const Mask own = cheapestOwnSuppression(problem, groups, target, uncoveredBy(groups, target, problem.columns));
        groups.move(target, groups.members(target), withWildcards(groups.keyOf(target), problem.columns, own));
    }
    return false;
}

/// The improvement pass: restores every suppressed cell (the heaviest first) whose restoration
/// leaves every class at k rows or more, until none can be. False when stopped.
bool restoreCells(const Problem& problem, KeyGroups& groups, std::vector<std::uint32_t>& groupOfRow,
                  const std::stop_token& stop, const LocalSuppressionLimits& limits)
{
    const int columns = problem.columns;
    std::vector<int> order(static_cast<std::size_t>(columns));
    for (int c = 0; c < columns; ++c)
        order[static_cast<std::size_t>(c)] = c;
    std::stable_sort(order.begin(), order.end(), [&problem](int a, int b) {
        return problem.weights[static_cast<std::size_t>(a)] > problem.weights[static_cast<std::size_t>(b)];
    });
    for (bool restored = true; restored;) {
        restored = false;
        for (const int c : order) {
            for (std::uint32_t row = 0; row < problem.rows; ++row) {
                if (stop.stop_requested() || pastDeadline(limits))
                    return false;
                const std::uint32_t from = groupOfRow[row];
                const std::uint32_t* key = groups.keyOf(from);
                const std::uint32_t value = problem.key(row)[c];
                if (key[c] != wild || value == wild)
                    continue;
                // Restoring hides nothing from any other class (a class that counts the row
                // covers the wildcard, hence any value there); only the row's own class narrows, to
                // the rows its specific key covers and itself.
                Key specific(key, key + columns);
                specific[static_cast<std::size_t>(c)] = value;
                if (groups.sizeOf(specific.data()) + 1 < problem.k)
                    continue;
                groupOfRow[row] = groups.move(from, {row}, specific);
                restored = true;
            }
        }
    }
    return true;
}

/// The exact method: a branch and bound over cells. At each node the row with the smallest class
/// below k must gain rows, and only its own cells can give them (other rows' suppressions only
/// take rows out of its class), so one of its cells is suppressed: a branch per cell, the first of
/// its cells in the answer, the earlier ones then forbidden. Every answer lies in some branch; the
/// bound is the cost so far plus the lightest cell while a class is below k.
class ExactSearch {
public:
    ExactSearch(const Problem& problem, std::uint64_t nodeLimit, const std::stop_token& stop, double bound)
        : m_problem(problem)
        , m_keys(problem.original)
        , m_forbidden(problem.original.size(), 0)
        , m_nodeLimit(nodeLimit)
        , m_stop(stop)
        , m_best(bound)
        , m_lightest(*std::min_element(problem.weights.begin(), problem.weights.end()))
    {}

    /// Whether the search ran to its end (then best() is minimal, or nothing beat the bound).
    bool run()
    {
        m_sizes.assign(m_problem.rows, 0);
        for (std::uint32_t row = 0; row < m_problem.rows; ++row)
            for (std::uint32_t other = 0; other < m_problem.rows; ++other)
                m_sizes[row] += covers(key(row), key(other), m_problem.columns) ? 1U : 0U;
        m_covered.resize(m_problem.rows);
        visit(0.0);
        return !m_exhausted;
    }
    /// The keys of the cheapest answer found below the bound; empty when none was.
    [[nodiscard]] const std::vector<std::uint32_t>& bestKeys() const { return m_bestKeys; }

private:
    [[nodiscard]] std::uint32_t* key(std::uint32_t row)
    {
        return m_keys.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(m_problem.columns);
    }
    [[nodiscard]] std::size_t cell(std::uint32_t row, int c) const
    {
        return static_cast<std::size_t>(row) * static_cast<std::size_t>(m_problem.columns) +
               static_cast<std::size_t>(c);
    }
    /// Sets one cell and keeps the class sizes exact: only the pairs of the cell's row and another
    /// row whose cover changes move a count.
    void setCell(std::size_t at, std::uint32_t value)
    {
        const int columns = m_problem.columns;
        const auto row = static_cast<std::uint32_t>(at / static_cast<std::size_t>(columns));
        for (std::uint32_t other = 0; other < m_problem.rows; ++other)
            m_covered[other] = static_cast<std::uint8_t>((covers(key(row), key(other), columns) ? 1U : 0U) |
                                                         (covers(key(other), key(row), columns) ? 2U : 0U));
        m_keys[at] = value;
        for (std::uint32_t other = 0; other < m_problem.rows; ++other) {
            if (other == row)
                continue;
            const bool rowCovers = covers(key(row), key(other), columns);
            const bool otherCovers = covers(key(other), key(row), columns);
            if (rowCovers != ((m_covered[other] & 1U) != 0))
                m_sizes[row] = rowCovers ? m_sizes[row] + 1 : m_sizes[row] - 1;
            if (otherCovers != ((m_covered[other] & 2U) != 0))
                m_sizes[other] = otherCovers ? m_sizes[other] + 1 : m_sizes[other] - 1;
        }
    }
    /// Whether cost is below the best by more than rounding.
    [[nodiscard]] bool beats(double cost) const { return cost < m_best - 1e-9 * std::max(1.0, m_best); }

    void visit(double cost)
    {
        if (m_exhausted || ++m_nodes > m_nodeLimit || ((m_nodes & 1023U) == 0 && m_stop.stop_requested())) {
            m_exhausted = true;
            return;
        }
        const int columns = m_problem.columns;
        std::uint32_t target = m_problem.rows;
        std::uint64_t targetSize = m_problem.k;
        for (std::uint32_t row = 0; row < m_problem.rows; ++row) {
            if (m_sizes[row] < targetSize) {
                target = row;
                targetSize = m_sizes[row];
            }
        }
        if (target == m_problem.rows) {
            if (beats(cost)) {
                m_best = cost;
                m_bestKeys = m_keys;
            }
            return;
        }
        if (!beats(cost + m_lightest))
            return;
        std::vector<int> forbiddenHere;
        for (int c = 0; c < columns; ++c) {
            const std::size_t at = cell(target, c);
            if (m_keys[at] == wild || m_forbidden[at] != 0)
                continue;
            setCell(at, wild);
            visit(cost + m_problem.weights[static_cast<std::size_t>(c)]);
            setCell(at, m_problem.original[at]);
            m_forbidden[at] = 1;
            forbiddenHere.push_back(c);
        }
        for (const int c : forbiddenHere)
            m_forbidden[cell(target, c)] = 0;
    }

    const Problem& m_problem;
    std::vector<std::uint32_t> m_keys;
    std::vector<std::uint8_t> m_forbidden;
    /// Per row, its class size under m_keys; m_covered is setCell's scratch.
    std::vector<std::uint64_t> m_sizes;
    std::vector<std::uint8_t> m_covered;
    std::uint64_t m_nodeLimit;
    std::uint64_t m_nodes = 0;
    const std::stop_token& m_stop;
    bool m_exhausted = false;
    double m_best;
    std::vector<std::uint32_t> m_bestKeys;
    double m_lightest;
};

LocalSuppression answerOf(const Problem& problem, const std::vector<std::uint32_t>& keys)
{
    LocalSuppression answer;
    answer.suppressedRows.resize(static_cast<std::size_t>(problem.columns));
    for (std::uint32_t row = 0; row < problem.rows; ++row) {
        for (int c = 0; c < problem.columns; ++c) {
            const std::size_t at =
                static_cast<std::size_t>(row) * static_cast<std::size_t>(problem.columns) + static_cast<std::size_t>(c);
            if (keys[at] == wild && problem.original[at] != wild) {
                answer.suppressedRows[static_cast<std::size_t>(c)].push_back(row);
                ++answer.cells;
                answer.weight += problem.weights[static_cast<std::size_t>(c)];
            }
        }
    }
    return answer;
}

} // namespace

LocalSuppression suppressCells(const SuppressionKeys& keys, std::uint64_t k, const std::vector<double>& weights,
                               std::stop_token stop, const LocalSuppressionLimits& limits)
{
    const auto columns = static_cast<int>(keys.codes.size());
    if (k == 0 || (keys.rows > 0 && k > keys.rows))
        throw std::invalid_argument("local suppression needs 1 <= k <= rows");
    if (columns == 0 || columns > maxKeyColumns || keys.wildcard.size() != keys.codes.size() ||
        weights.size() != keys.codes.size())
        throw std::invalid_argument("local suppression needs 1 to 64 key columns, each with a weight");
    for (const double weight : weights)
        if (!(weight > 0.0) || !std::isfinite(weight))
            throw std::invalid_argument("local suppression weights must be positive");
    Problem problem{keys.rows, columns, k, weights, {}};
    problem.original.resize(static_cast<std::size_t>(keys.rows) * static_cast<std::size_t>(columns));
    for (int c = 0; c < columns; ++c) {
        const auto& codes = keys.codes[static_cast<std::size_t>(c)];
        const auto& wildcard = keys.wildcard[static_cast<std::size_t>(c)];
        if (codes.size() != keys.rows)
            throw std::invalid_argument("local suppression needs one code per row in every key column");
        for (std::uint32_t row = 0; row < keys.rows; ++row) {
            const std::uint32_t code = codes[row];
            problem.original[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns) +
                             static_cast<std::size_t>(c)] = code < wildcard.size() && wildcard[code] ? wild : code;
        }
    }

    KeyGroups groups(problem);
    std::vector<std::uint32_t> groupOfRow(keys.rows);
    const auto stopped = [&problem] {
        LocalSuppression none;
        none.suppressedRows.resize(static_cast<std::size_t>(problem.columns));
        none.complete = false;
        return none;
    };
    if (!suppressGreedily(problem, groups, stop, limits))
        return stopped();
    for (std::uint32_t group = 0; group < groups.groupCount(); ++group)
        for (const std::uint32_t row : groups.members(group))
            groupOfRow[row] = group;
    if (!restoreCells(problem, groups, groupOfRow, stop, limits))
        return stopped();
    std::vector<std::uint32_t> heuristic(problem.original.size());
    for (std::uint32_t row = 0; row < keys.rows; ++row) {
        const std::uint32_t* key = groups.keyOf(groupOfRow[row]);
        std::copy(key, key + columns, heuristic.begin() + static_cast<std::ptrdiff_t>(row) * columns);
    }
    LocalSuppression answer = answerOf(problem, heuristic);
    if (keys.rows > limits.exactRows || answer.cells == 0) {
        answer.minimal = answer.cells == 0;
        return answer;
    }
    ExactSearch exact(problem, limits.exactNodes, stop, answer.weight);
    const bool finished = exact.run();
    if (stop.stop_requested())
        return stopped();
    if (!exact.bestKeys().empty())
        answer = answerOf(problem, exact.bestKeys());
    answer.minimal = finished;
    return answer;
}

} // namespace qiscout::core
