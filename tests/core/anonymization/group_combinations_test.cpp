// SPDX-License-Identifier: GPL-3.0-or-later
// The roll-up through combinations (#13) against a plain one that rewrites every field of every
// key: random keys over several words, random monotone maps, every block size from one field to
// all, dense and hashed numbering, and chains of roll-ups (a target's combinations are the next
// source's).
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "anonymization/group_combinations.h"

using namespace qiscout::core;

namespace {

constexpr int words = 2;
using Groups = RowGroups<words>;

struct Column {
    KeyField field;
    std::uint32_t range = 1;
};

/// Fields of random ranges packed into two words.
std::vector<Column> randomColumns(std::mt19937_64& random)
{
    const std::size_t count = 1 + random() % 9;
    std::vector<std::uint32_t> ranges;
    std::vector<std::uint8_t> widths;
    for (std::size_t c = 0; c < count; ++c) {
        const std::uint64_t largest = random() % 3 == 0 ? 300 : 12;
        ranges.push_back(static_cast<std::uint32_t>(1 + random() % largest));
        widths.push_back(bitsFor(ranges.back()));
    }
    // An unused wide field pushes the fields after it into the second word (at most 9 fields of
    // 9 bits and 20 bits, with what packing leaves unused, fit in two words).
    const std::size_t unused = random() % (count + 1);
    widths.insert(widths.begin() + static_cast<std::ptrdiff_t>(unused), 20);
    const auto [fields, used] = layoutFields(widths);
    REQUIRE(used <= words);
    std::vector<Column> columns;
    for (std::size_t c = 0; c < count; ++c)
        columns.push_back({fields[c < unused ? c : c + 1], ranges[c]});
    return columns;
}

/// Distinct random keys in first-insertion order with random row counts (some zero).
Groups randomGroups(const std::vector<Column>& columns, std::size_t wanted, std::mt19937_64& random)
{
    Groups groups;
    GroupAggregator<words> aggregator;
    aggregator.reset(wanted, groups);
    for (std::size_t i = 0; i < wanted; ++i) {
        GroupKey<words> key;
        for (const Column& column : columns)
            key.add(column.field, static_cast<std::uint32_t>(random() % column.range));
        // Every group holds a row, as RowGroups promise.
        aggregator.add(key, 1 + static_cast<std::uint32_t>(random() % 6));
    }
    return groups;
}

/// A monotone map of `range` codes onto fewer (or as many) codes, and the new range.
std::vector<std::uint32_t> randomMap(std::uint32_t range, std::uint32_t& newRange, std::mt19937_64& random)
{
    newRange = 1 + static_cast<std::uint32_t>(random() % range);
    std::vector<std::uint32_t> map(range);
    for (std::uint32_t code = 0; code < range; ++code)
        map[code] = code < newRange ? code : static_cast<std::uint32_t>(random() % newRange);
    std::shuffle(map.begin(), map.end(), random);
    return map;
}

/// The plain roll-up: every field of every key rewritten, summed by hashing.
Groups plainRollUp(const Groups& from, const std::vector<CombinationField>& fields)
{
    Groups out;
    GroupAggregator<words> aggregator;
    aggregator.reset(from.size(), out);
    for (std::size_t i = 0; i < from.size(); ++i) {
        GroupKey<words> key = from.keys[i];
        for (const CombinationField& field : fields)
            if (field.map != nullptr)
                key.set(*field.field, field.map[key.get(*field.field)]);
        aggregator.add(key, from.rows[i]);
    }
    return out;
}

/// The groups' keys (as words) and rows, sorted: a roll-up may number its groups in another order.
std::vector<std::pair<std::array<std::uint64_t, words>, std::uint32_t>> sortedGroups(const Groups& groups)
{
    std::vector<std::pair<std::array<std::uint64_t, words>, std::uint32_t>> sorted;
    for (std::size_t i = 0; i < groups.size(); ++i)
        sorted.emplace_back(groups.keys[i].words, groups.rows[i]);
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

/// Checks that `groups`' combinations rebuild every key.
void requireDescribed(const Groups& groups)
{
    const GroupCombinations<words>& described = groups.combinations;
    REQUIRE_FALSE(described.empty());
    const std::size_t blocks = described.blocks();
    REQUIRE(described.blockStart.size() == blocks + 1);
    REQUIRE(described.blockStart.back() == described.combos.size());
    REQUIRE(described.ofGroup.size() == groups.size() * blocks);
    for (std::size_t i = 0; i < groups.size(); ++i) {
        GroupKey<words> key;
        for (std::size_t b = 0; b < blocks; ++b) {
            const std::uint32_t combo = described.ofGroup[i * blocks + b];
            REQUIRE(combo >= described.blockStart[b]);
            REQUIRE(combo < described.blockStart[b + 1]);
            for (std::size_t w = 0; w < words; ++w)
                key.words[w] |= described.combos[combo].words[w];
        }
        REQUIRE(key == groups.keys[i]);
    }
}

} // namespace

TEST_CASE("Roll-ups through combinations equal plain roll-ups, chained, dense and hashed", "[anonymization]")
{
    CombinationGrouper<words> grouper;
    GroupAggregator<words> hashed;
    int described = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        std::mt19937_64 random(seed);
        const std::vector<Column> columns = randomColumns(random);
        Groups groups = randomGroups(columns, 1 + random() % 400, random);
        std::vector<CombinationField> fields;
        for (const Column& column : columns)
            fields.push_back({&column.field, nullptr, column.range});
        const std::size_t blockLimit = std::size_t{1} << (random() % 14);
        grouper.describe(groups, fields, blockLimit);
        INFO("seed " << seed << ", " << columns.size() << " fields, block limit " << blockLimit);
        if (groups.combinations.empty())
            continue;
        ++described;
        requireDescribed(groups);
        std::vector<std::vector<std::uint32_t>> maps(columns.size());
        for (int step = 0; step < 3; ++step) {
            for (std::size_t f = 0; f < fields.size(); ++f) {
                fields[f].map = nullptr;
                if (random() % 2 == 0) {
                    std::uint32_t newRange = 0;
                    maps[f] = randomMap(fields[f].range, newRange, random);
                    fields[f].map = maps[f].data();
                    fields[f].range = newRange;
                }
            }
            const Groups expected = plainRollUp(groups, fields);
            const std::size_t denseLimit = random() % 2 == 0 ? 1 : std::size_t{1} << 20;
            Groups rolled;
            grouper.rollUp(groups, fields, denseLimit, hashed, rolled);
            INFO("step " << step << ", dense limit " << denseLimit);
            REQUIRE(sortedGroups(rolled) == sortedGroups(expected));
            requireDescribed(rolled);
            groups = std::move(rolled);
        }
    }
    REQUIRE(described >= 100);
}
