// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/frequency_hierarchy_builders.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <queue>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "qiscout/core/anonymization/group_label_order.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"

#include "anonymization/built_hierarchy.h"
#include "anonymization/number_text.h"

namespace qiscout::core {
namespace {

struct CountedValue {
    std::string text;
    std::uint64_t rows = 0;
};

/// The values once each in the order given, with their rows summed.
std::vector<CountedValue> countedValues(const std::vector<std::string>& values,
                                        const std::vector<std::uint64_t>& counts)
{
    if (values.size() != counts.size())
        throw std::invalid_argument("Every value needs its count of rows.");
    std::vector<CountedValue> result;
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto [found, added] = index.try_emplace(values[i], result.size());
        if (added)
            result.push_back({values[i], 0});
        result[found->second].rows += counts[i];
    }
    return result;
}

/// m x 10^exponent, correctly rounded: dividing by an exact power of ten gives the double nearest
/// the decimal, the same one parsing its text gives (3 x 10^-1 is 0.3, not 0.30000000000000004).
/// Powers up to 10^22 are exact doubles, and a table of them spares a million cuts a pow() each.
double exactDecimal(double m, int exponent)
{
    static const std::array<double, 23> powers = [] {
        std::array<double, 23> table{};
        double power = 1.0;
        for (double& entry : table) {
            entry = power;
            power *= 10.0;
        }
        return table;
    }();
    const auto magnitude = static_cast<std::size_t>(exponent < 0 ? -exponent : exponent);
    const double power = magnitude < powers.size() ? powers[magnitude] : std::pow(10.0, static_cast<double>(magnitude));
    return exponent >= 0 ? m * power : m / power;
}

/// A number and how round it is: larger ranks are multiples of larger 1-2-5 steps.
struct RoundNumber {
    double value = 0.0;
    int rank = 0;
};

/// The roundest number in (low, high] (low < high): a multiple of the largest step of 1, 2 or 5
/// times a power of ten that has one there; 0 when the range holds it.
RoundNumber roundestIn(double low, double high)
{
    if (low < 0.0 && high >= 0.0)
        return {0.0, std::numeric_limits<int>::max()};
    const double span = std::max(std::abs(low), std::abs(high));
    const int top = span > 0.0 ? static_cast<int>(std::floor(std::log10(span))) + 1 : 0;
    for (int exponent = top; exponent >= top - 17; --exponent)
        for (const int mantissa : {5, 2, 1}) {
            const double multiple = std::floor(high / exactDecimal(mantissa, exponent));
            for (const double m : {multiple, multiple - 1.0}) {
                const double candidate = exactDecimal(m * mantissa, exponent);
                if (candidate > low && candidate <= high)
                    return {candidate, exponent * 3 + (mantissa == 5 ? 2 : mantissa == 2 ? 1 : 0)};
            }
        }
    return {high, std::numeric_limits<int>::min()};
}

/// A possible cut: numbers below `at` on one side; `share` of the rows lie below it.
struct QuantileCut {
    double at = 0.0;
    int rank = 0;
    double share = 0.0;
};

/// Cuts from `candidates` (ascending) nearest the quantiles of `groups` equal groups: for each,
/// the roundest candidate whose share is within a quarter of a group of it, else the nearest.
std::vector<QuantileCut> quantileCuts(const std::vector<QuantileCut>& candidates, int groups)
{
    std::vector<QuantileCut> chosen;
    const double tolerance = 0.25 / groups;
    for (int j = 1; j < groups; ++j) {
        const double target = static_cast<double>(j) / groups;
        const QuantileCut* best = nullptr;
        const auto better = [target](const QuantileCut& a, const QuantileCut& b) {
            return a.rank != b.rank ? a.rank > b.rank : std::abs(a.share - target) < std::abs(b.share - target);
        };
        for (const QuantileCut& candidate : candidates)
            if (std::abs(candidate.share - target) <= tolerance && (!best || better(candidate, *best)))
                best = &candidate;
        if (!best)
            for (const QuantileCut& candidate : candidates) {
                const double distance = std::abs(candidate.share - target);
                if (!best || distance < std::abs(best->share - target) ||
                    (distance == std::abs(best->share - target) && candidate.rank > best->rank))
                    best = &candidate;
            }
        if (best && (chosen.empty() || chosen.back().at < best->at))
            chosen.push_back(*best);
    }
    return chosen;
}

/// The label of a merged group (`members` indexes `values`, at least 2): its values in natural
/// order, "01/20/50", or the first two and how many there are, "01/20/... (12 values)"; distinct
/// from every value's own text.
std::string mergedLabel(const std::vector<CountedValue>& values, std::vector<std::size_t> members,
                        const std::unordered_set<std::string>& taken)
{
    // Only the first three are named: a partial sort keeps a group of a million values cheap.
    const auto named = static_cast<std::ptrdiff_t>(std::min<std::size_t>(members.size(), 3));
    std::partial_sort(members.begin(), members.begin() + named, members.end(), [&values](std::size_t a, std::size_t b) {
        return groupLabelBefore(values[a].text, values[b].text);
    });
    std::string label = values[members[0]].text + "/" + values[members[1]].text;
    if (members.size() == 3)
        label += "/" + values[members[2]].text;
    else if (members.size() > 3)
        label += "/... (" + std::to_string(members.size()) + " values)";
    while (taken.contains(label))
        label += " (merged)";
    return label;
}

} // namespace

Hierarchy buildQuantileHierarchy(const std::vector<std::string>& values, const std::vector<std::uint64_t>& counts)
{
    const std::vector<CountedValue> counted = countedValues(values, counts);
    std::vector<std::optional<double>> numbers;
    std::map<double, std::uint64_t> rowsAt;
    for (const CountedValue& value : counted) {
        numbers.push_back(parseNumber(value.text));
        if (numbers.back())
            rowsAt[*numbers.back()] += value.rows;
    }
    const std::vector<std::pair<double, std::uint64_t>> points(rowsAt.begin(), rowsAt.end());
    std::uint64_t total = 0;
    for (const auto& point : points)
        total += point.second;

    // A tail is long when its 1 % of the rows spreads further than the 98 % between them.
    std::optional<RoundNumber> bottom;
    std::optional<RoundNumber> top;
    if (points.size() >= 3 && total > 0) {
        const auto at = [&](double share) {
            std::uint64_t below = 0;
            for (std::size_t i = 0; i < points.size(); ++i) {
                below += points[i].second;
                if (static_cast<double>(below) >= share * static_cast<double>(total))
                    return i;
            }
            return points.size() - 1;
        };
        const std::size_t low = at(0.01);
        const std::size_t high = at(0.99);
        const double body = points[high].first - points[low].first;
        if (body > 0.0 && high + 1 < points.size() && points.back().first - points[high].first > body)
            top = roundestIn(points[high].first, points[high + 1].first);
        if (body > 0.0 && low > 0 && points[low].first - points.front().first > body)
            bottom = roundestIn(points[low - 1].first, points[low].first);
    }
    const auto tailCode = [&](double x) -> std::optional<std::string> {
        if (bottom && x < bottom->value)
            return "< " + boundLabelText(bottom->value);
        if (top && x >= top->value)
            return ">= " + boundLabelText(top->value);
        return std::nullopt;
    };

    std::vector<std::pair<double, std::uint64_t>> body;
    std::uint64_t bodyRows = 0;
    for (const auto& point : points)
        if (!tailCode(point.first)) {
            body.push_back(point);
            bodyRows += point.second;
        }
    std::vector<QuantileCut> candidates;
    std::uint64_t below = 0;
    for (std::size_t i = 0; i + 1 < body.size(); ++i) {
        below += body[i].second;
        const RoundNumber cut = roundestIn(body[i].first, body[i + 1].first);
        candidates.push_back(
            {cut.value, cut.rank, bodyRows == 0 ? 0.0 : static_cast<double>(below) / static_cast<double>(bodyRows)});
    }
    std::vector<std::vector<QuantileCut>> levels;
    if (!candidates.empty())
        levels.push_back(
            quantileCuts(candidates, std::min(maxFirstLevelGroups, static_cast<int>(candidates.size()) + 1)));
    while (!levels.empty() && levels.back().size() > 1) {
        const std::vector<QuantileCut>& finer = levels.back();
        std::vector<QuantileCut> coarser = quantileCuts(finer, static_cast<int>(finer.size() + 2) / 2);
        if (coarser.size() >= finer.size() || coarser.empty())
            break;
        levels.push_back(std::move(coarser));
    }

    // The outer edges, shared by every level: round, and outside the body's values.
    double lowEdge = 0.0;
    double highEdge = 0.0;
    if (!body.empty()) {
        const double first = body.front().first;
        const double last = body.back().first;
        const double firstCut = levels.empty() ? last : levels.front().front().at;
        const double lastCut = levels.empty() ? first : levels.front().back().at;
        lowEdge = bottom             ? bottom->value
                  : firstCut > first ? roundestIn(first - (firstCut - first), first).value
                                     : first;
        highEdge = top ? top->value : roundestIn(last, last + std::max(last - lastCut, 1.0)).value;
    }

    Hierarchy hierarchy;
    for (std::size_t i = 0; i < counted.size(); ++i) {
        std::vector<std::string>& row = hierarchy.rows.emplace_back(1, counted[i].text);
        for (const std::vector<QuantileCut>& cuts : levels) {
            if (!numbers[i]) {
                row.push_back(counted[i].text);
            } else if (const std::optional<std::string> code = tailCode(*numbers[i])) {
                row.push_back(*code);
            } else {
                const auto upper = std::upper_bound(cuts.begin(), cuts.end(), *numbers[i],
                                                    [](double x, const QuantileCut& cut) { return x < cut.at; });
                const double from = upper == cuts.begin() ? lowEdge : (upper - 1)->at;
                const double to = upper == cuts.end() ? highEdge : upper->at;
                row.push_back("[" + boundLabelText(from) + ", " + boundLabelText(to) + ")");
            }
        }
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built from equal-frequency intervals");
}

Hierarchy buildFrequencyHierarchy(const std::vector<std::string>& values, const std::vector<std::uint64_t>& counts)
{
    const std::vector<CountedValue> counted = countedValues(values, counts);
    std::unordered_set<std::string> taken;
    for (const CountedValue& value : counted)
        taken.insert(value.text);
    // Groups are merged in a heap ordered rarest first (on equal rows, the value given later); a
    // group is named by its first value, and parent links lead from a value to its group.
    std::vector<std::size_t> parent(counted.size());
    for (std::size_t i = 0; i < parent.size(); ++i)
        parent[i] = i;
    const auto root = [&parent](std::size_t value) {
        while (parent[value] != value)
            value = parent[value] = parent[parent[value]];
        return value;
    };
    using Entry = std::pair<std::uint64_t, std::size_t>;
    const auto rarer = [](const Entry& a, const Entry& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    };
    std::priority_queue<Entry, std::vector<Entry>, decltype(rarer)> heap(rarer);
    for (std::size_t i = 0; i < counted.size(); ++i)
        heap.emplace(counted[i].rows, i);

    Hierarchy hierarchy;
    for (const CountedValue& value : counted)
        hierarchy.rows.emplace_back(1, value.text);
    for (std::size_t groups = std::min<std::size_t>((counted.size() + 1) / 2, maxFirstLevelGroups); groups >= 2;
         groups = (groups + 1) / 2) {
        while (heap.size() > groups) {
            const Entry rarest = heap.top();
            heap.pop();
            const Entry next = heap.top();
            heap.pop();
            const std::size_t kept = std::min(rarest.second, next.second);
            parent[std::max(rarest.second, next.second)] = kept;
            heap.emplace(rarest.first + next.first, kept);
        }
        std::unordered_map<std::size_t, std::vector<std::size_t>> members;
        for (std::size_t i = 0; i < counted.size(); ++i)
            members[root(i)].push_back(i);
        std::unordered_map<std::size_t, std::string> labels;
        for (const auto& [group, indices] : members)
            labels[group] = indices.size() == 1 ? counted[indices.front()].text : mergedLabel(counted, indices, taken);
        for (std::size_t i = 0; i < counted.size(); ++i)
            hierarchy.rows[i].push_back(labels.at(root(i)));
        if (groups == 2)
            break;
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built by merging the rarest values");
}

} // namespace qiscout::core
