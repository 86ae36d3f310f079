// SPDX-License-Identifier: GPL-3.0-or-later
// Groups described by blocks of key fields: each block's distinct combinations of codes, and per
// group the combination it holds in each block. A roll-up then maps every combination once and
// every group with one lookup per block instead of one per field: on adult (8 quasi-identifiers,
// 18,109 groups at the root) 3 lookups instead of 8 field rewrites, for the roll-ups from the
// root that cost most of a search. The roll-up hands the target's combinations on with its groups,
// so every snapshot rolled up from a described source is described too.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "anonymization/row_groups.h"

namespace qiscout::core {

/// One key field at the transformation grouped to: where it lies in the key, the map from the
/// source's codes (null when its level does not change) and the number of codes it can take.
struct CombinationField {
    const KeyField* field = nullptr;
    const std::uint32_t* map = nullptr;
    std::uint32_t range = 1;
};

/// Describes groups by combinations and rolls them up through them.
/// Thread: one per worker.
template <int W>
class CombinationGrouper {
public:
    /// Describes `groups` (left undescribed when blocks would not be fewer than the fields) by the
    /// codes their keys hold (the fields' maps are not used): the fields, in key order, are cut
    /// into runs whose code ranges multiply to at most `blockLimit`.
    void describe(RowGroups<W>& groups, std::span<const CombinationField> fields, std::size_t blockLimit)
    {
        GroupCombinations<W>& described = groups.combinations;
        described.clear();
        std::vector<std::uint32_t> blockEnd;
        std::size_t product = 1;
        for (std::size_t f = 0; f < fields.size(); ++f) {
            const std::size_t range = std::max<std::uint32_t>(1, fields[f].range);
            if (range > maxBlockRange)
                return;
            if (f > 0 && product * range > blockLimit) {
                blockEnd.push_back(static_cast<std::uint32_t>(f));
                product = 1;
            }
            product *= range;
        }
        blockEnd.push_back(static_cast<std::uint32_t>(fields.size()));
        if (blockEnd.size() >= fields.size())
            return;

        const std::size_t blocks = blockEnd.size();
        described.blockEnd = std::move(blockEnd);
        described.blockStart.assign(1, 0);
        described.ofGroup.resize(groups.size() * blocks);
        std::uint32_t first = 0;
        for (std::size_t b = 0; b < blocks; ++b) {
            const std::span<const CombinationField> block = fields.subspan(first, described.blockEnd[b] - first);
            first = described.blockEnd[b];
            const std::uint32_t offset = static_cast<std::uint32_t>(described.combos.size());
            startNumbering(block);
            // A group's radix is read straight from its key's words, and its combination (the key
            // with only the block's fields) made only when new: building it field by field for
            // every group was most of the description's time.
            m_digits.clear();
            GroupKey<W> blockMask;
            for (std::size_t f = 0; f < block.size(); ++f) {
                const KeyField& field = *block[f].field;
                m_digits.push_back({field.mask, m_stride[f], field.word, field.shift});
                blockMask.words[std::size_t{field.word}] |= field.mask << field.shift;
            }
            for (std::size_t i = 0; i < groups.size(); ++i) {
                const GroupKey<W>& key = groups.keys[i];
                std::size_t index = 0;
                for (const Digit& digit : m_digits)
                    index += ((key.words[std::size_t{digit.word}] >> digit.shift) & digit.mask) * digit.stride;
                described.ofGroup[i * blocks + b] =
                    offset + number(
                                 index, [&] { return key.masked(blockMask); }, described.combos, offset);
            }
            described.blockStart.push_back(static_cast<std::uint32_t>(described.combos.size()));
        }
    }

    /// The groups of `from` (described) at the transformation `fields` describes, into `out`,
    /// described by the same blocks. Groups are tallied by a dense number when the targets'
    /// combinations multiply to at most `denseLimit`, hashed by `hashed` otherwise. The groups come
    /// out in the order of a field-by-field roll-up, or, when there are no more dense numbers than
    /// source groups, in the order of their numbers.
    void rollUp(const RowGroups<W>& from, std::span<const CombinationField> fields, std::size_t denseLimit,
                GroupAggregator<W>& hashed, RowGroups<W>& out)
    {
        // Dense numbers are stored in 32 bits.
        denseLimit = std::min<std::size_t>(denseLimit, std::numeric_limits<std::uint32_t>::max());
        const GroupCombinations<W>& source = from.combinations;
        GroupCombinations<W>& target = m_building;
        target.clear();
        target.blockEnd = source.blockEnd;
        target.blockStart.assign(1, 0);
        const std::size_t blocks = source.blocks();
        m_target.resize(source.combos.size());
        m_scaled.resize(source.combos.size());
        std::size_t product = 1;
        bool denseFits = true;
        std::uint32_t first = 0;
        for (std::size_t b = 0; b < blocks; ++b) {
            const std::span<const CombinationField> block = fields.subspan(first, source.blockEnd[b] - first);
            first = source.blockEnd[b];
            const std::uint32_t offset = static_cast<std::uint32_t>(target.combos.size());
            startNumbering(block);
            for (std::uint32_t c = source.blockStart[b]; c < source.blockStart[b + 1]; ++c) {
                const std::uint32_t local = numberCombination(source.combos[c], block, target.combos, offset);
                m_target[c] = offset + local;
                m_scaled[c] = local * product;
            }
            target.blockStart.push_back(static_cast<std::uint32_t>(target.combos.size()));
            const std::size_t count = std::max<std::size_t>(1, target.blockStart[b + 1] - target.blockStart[b]);
            denseFits = denseFits && product <= denseLimit / count;
            if (denseFits)
                product *= count;
        }

        out.clear();
        // Written in a scratch buffer and copied once: sizing the target's for every source group
        // would zero 4 bytes per block per source group (5 % of a search on adult).
        if (m_ofGroup.size() < from.size() * blocks)
            m_ofGroup.resize(from.size() * blocks);
        std::uint32_t* described = m_ofGroup.data();
        const auto keyOf = [&](const std::uint32_t* combos) {
            GroupKey<W> key;
            for (std::size_t b = 0; b < blocks; ++b)
                for (std::size_t w = 0; w < static_cast<std::size_t>(W); ++w)
                    key.words[w] |= target.combos[m_target[combos[b]]].words[w];
            return key;
        };
        const auto describeNew = [&](const std::uint32_t* combos) {
            for (std::size_t b = 0; b < blocks; ++b)
                *described++ = m_target[combos[b]];
        };
        // Calls visit(i, index, combos) with every source group's dense number and combinations;
        // the number of blocks is fixed at compile time for the usual few, so that the sum unrolls.
        const auto forEachIndex = [&](const auto& visit) {
            const auto loop = [&](auto fixed) {
                constexpr std::size_t count = decltype(fixed)::value;
                const std::size_t stride = count > 0 ? count : blocks;
                // Plain copies: the stores into the target's counts could alias the vectors' sizes.
                const std::uint32_t* combos = source.ofGroup.data();
                const std::size_t* scaled = m_scaled.data();
                const std::size_t groups = from.size();
                for (std::size_t i = 0; i < groups; ++i, combos += stride) {
                    std::size_t index = 0;
                    if constexpr (count > 0) {
                        for (std::size_t b = 0; b < count; ++b)
                            index += scaled[combos[b]];
                    } else {
                        for (std::size_t b = 0; b < blocks; ++b)
                            index += scaled[combos[b]];
                    }
                    visit(i, index, combos);
                }
            };
            switch (blocks) {
            case 2:
                loop(std::integral_constant<std::size_t, 2>{});
                break;
            case 3:
                loop(std::integral_constant<std::size_t, 3>{});
                break;
            case 4:
                loop(std::integral_constant<std::size_t, 4>{});
                break;
            default:
                loop(std::integral_constant<std::size_t, 0>{});
            }
        };
        if (denseFits && product <= from.size()) {
            // No more numbers than source groups (most roll-ups from the original table): every
            // number gets a tally, added to without looking whether its group is new, and the
            // groups come out in the order of their numbers. Finding new groups as they came took
            // a third more time per source group.
            tallyByNumber(from, product, blocks, forEachIndex, out, described);
        } else if (denseFits) {
            tallyByFirstSource(from, product, blocks, forEachIndex, out, described);
        } else {
            hashed.reset(from.size(), out);
            for (std::size_t i = 0; i < from.size(); ++i) {
                const std::uint32_t* combos = &source.ofGroup[i * blocks];
                const std::size_t before = out.size();
                hashed.add(keyOf(combos), from.rows[i]);
                if (out.size() > before)
                    describeNew(combos);
            }
        }
        target.ofGroup.assign(m_ofGroup.begin(), m_ofGroup.begin() + static_cast<std::ptrdiff_t>(out.size() * blocks));
        // Swapped, not moved: the target's old buffers are the next roll-up's, without allocating.
        std::swap(out.combinations, target);
    }

private:
    /// The dense roll-up by tallies (see rollUp()) when the numbers outnumber the source groups:
    /// m_building's combinations are numbered, the source groups' numbers come from forEachIndex,
    /// and the target's description is written from `described` on. Every source group adds to
    /// its number's tally; a second pass emits each group at its first source group, branch-free,
    /// and clears the tallies it read. Asking each source group whether its group was new (a slot
    /// per number, valid by generation) was half of a search on adult with 2 % suppression once the
    /// roll-ups came from hubs: the answer is a coin toss for the branch predictor.
    template <typename ForEachIndex>
    void tallyByFirstSource(const RowGroups<W>& from, std::size_t product, std::size_t blocks,
                            const ForEachIndex& forEachIndex, RowGroups<W>& out, std::uint32_t* described)
    {
        // Everything is allocated before the first tally: the tallies are all zero between
        // roll-ups, and an allocation failing half-way would leave some that are not.
        std::uint32_t* tally = tallies(product);
        m_number.resize(from.size());
        out.rows.resize(from.size());
        std::uint32_t* number = m_number.data();
        const std::uint32_t* rows = from.rows.data();
        forEachIndex([&](std::size_t i, std::size_t index, const std::uint32_t*) {
            number[i] = static_cast<std::uint32_t>(index);
            tally[index] += rows[i];
        });

        std::uint32_t* groupRows = out.rows.data();
        const std::uint32_t* combos = from.combinations.ofGroup.data();
        std::size_t groups = 0;
        for (std::size_t i = 0; i < from.size(); ++i, combos += blocks) {
            const std::uint32_t count = tally[number[i]];
            tally[number[i]] = 0;
            groupRows[groups] = count;
            for (std::size_t b = 0; b < blocks; ++b)
                described[groups * blocks + b] = m_target[combos[b]];
            groups += count != 0 ? 1 : 0;
        }
        out.rows.resize(groups);
        out.keys.resize(groups);
        const GroupCombinations<W>& target = m_building;
        for (std::size_t g = 0; g < groups; ++g) {
            GroupKey<W> key;
            for (std::size_t b = 0; b < blocks; ++b)
                for (std::size_t w = 0; w < static_cast<std::size_t>(W); ++w)
                    key.words[w] |= target.combos[described[g * blocks + b]].words[w];
            out.keys[g] = key;
        }
    }

    /// The dense roll-up by tallies when there are no more numbers than source groups: as
    /// tallyByFirstSource(), but the groups come out in the order of their numbers, found by
    /// reading every tally (no second pass over the source groups).
    template <typename ForEachIndex>
    void tallyByNumber(const RowGroups<W>& from, std::size_t product, std::size_t blocks,
                       const ForEachIndex& forEachIndex, RowGroups<W>& out, std::uint32_t* described)
    {
        std::uint32_t* tally = tallies(product);
        const std::uint32_t* rows = from.rows.data();
        forEachIndex([&](std::size_t i, std::size_t index, const std::uint32_t*) { tally[index] += rows[i]; });

        const GroupCombinations<W>& target = m_building;
        // The blocks' local numbers of the current number, block 0 the fastest (its scale is 1).
        m_local.assign(blocks, 0);
        for (std::size_t index = 0; index < product; ++index) {
            if (tally[index] != 0) {
                GroupKey<W> key;
                for (std::size_t b = 0; b < blocks; ++b) {
                    const std::uint32_t combo = target.blockStart[b] + m_local[b];
                    for (std::size_t w = 0; w < static_cast<std::size_t>(W); ++w)
                        key.words[w] |= target.combos[combo].words[w];
                    *described++ = combo;
                }
                out.keys.push_back(key);
                out.rows.push_back(tally[index]);
                tally[index] = 0;
            }
            for (std::size_t b = 0; b < blocks; ++b) {
                if (++m_local[b] < std::max<std::uint32_t>(1, target.blockStart[b + 1] - target.blockStart[b]))
                    break;
                m_local[b] = 0;
            }
        }
    }

    /// At least `count` tallies, all zero. Grown by calloc, not a vector: a large calloc maps
    /// pages that are zero until written, and a roll-up writes few of its numbers' tallies, where
    /// a vector would zero every one and copy the old ones (adult, k 5 without suppression: a
    /// 32 MiB numbering filled at every search, 40 of its 48 ms).
    std::uint32_t* tallies(std::size_t count)
    {
        if (count > m_tallyCount) {
            const std::size_t size = std::max(count, 2 * m_tallyCount);
            auto* fresh = static_cast<std::uint32_t*>(std::calloc(size, sizeof(std::uint32_t)));
            if (fresh == nullptr)
                throw std::bad_alloc();
            m_tally.reset(fresh);
            m_tallyCount = size;
        }
        return m_tally.get();
    }

    struct FreeDeleter {
        void operator()(std::uint32_t* tallies) const { std::free(tallies); }
    };

    /// The largest code range a field may have for blocks (one numbering slot per code).
    static constexpr std::size_t maxBlockRange = std::size_t{1} << 22;

    /// Prepares to number the combinations of `block`'s fields by the mixed radix of their ranges.
    void startNumbering(std::span<const CombinationField> block)
    {
        m_stride.clear();
        std::size_t product = 1;
        for (const CombinationField& field : block) {
            m_stride.push_back(product);
            product *= std::max<std::uint32_t>(1, field.range);
        }
        if (m_slots.size() < product)
            m_slots.resize(product, 0);
        if (++m_generation == 0) {
            std::fill(m_slots.begin(), m_slots.end(), 0);
            m_generation = 1;
        }
    }

    /// The block-local number of the combination at radix `index`, appended to `combos` when new.
    /// The number, among the block's combinations in `combos` from `offset` on, of the codes `key`
    /// holds on the block's fields, each taken through its field's map where the level changes.
    std::uint32_t numberCombination(const GroupKey<W>& key, std::span<const CombinationField> block,
                                    std::vector<GroupKey<W>>& combos, std::uint32_t offset)
    {
        GroupKey<W> partial;
        std::size_t index = 0;
        for (std::size_t f = 0; f < block.size(); ++f) {
            std::uint32_t code = key.get(*block[f].field);
            if (block[f].map != nullptr)
                code = block[f].map[code];
            partial.add(*block[f].field, code);
            index += code * m_stride[f];
        }
        return number(
            index, [&] { return partial; }, combos, offset);
    }

    /// The block-local number of the combination at radix `index`; `makePartial()` gives the
    /// combination, appended to `combos`, when it is new.
    template <typename MakePartial>
    std::uint32_t number(std::size_t index, const MakePartial& makePartial, std::vector<GroupKey<W>>& combos,
                         std::uint32_t offset)
    {
        std::uint64_t& slot = m_slots[index];
        if (slot >> 32 == m_generation)
            return static_cast<std::uint32_t>(slot);
        const auto local = static_cast<std::uint32_t>(combos.size() - offset);
        slot = (std::uint64_t{m_generation} << 32) | local;
        combos.push_back(makePartial());
        return local;
    }

    /// One field of a block being described: where it lies in the key and its radix stride.
    struct Digit {
        std::uint64_t mask;
        std::size_t stride;
        std::uint8_t word;
        std::uint8_t shift;
    };

    /// generation << 32 | block-local combination number, by radix within a block.
    std::vector<std::uint64_t> m_slots;
    std::uint32_t m_generation = 0;
    std::vector<std::size_t> m_stride;
    std::vector<Digit> m_digits;
    /// Per source combination: the target's (global) combination and its part of the dense number.
    std::vector<std::uint32_t> m_target;
    std::vector<std::size_t> m_scaled;
    std::vector<std::uint32_t> m_ofGroup;
    /// Per dense number of a roll-up by tallies, its rows: a number is used exactly when it has
    /// some, as every group holds a row (RowGroups), and 32 bits a tally rather than 64 (with a
    /// count of source groups) keep more of the numbering in cache: 3-8 % faster entropy searches
    /// on adult with 2 % suppression. All zero between roll-ups.
    std::unique_ptr<std::uint32_t[], FreeDeleter> m_tally;
    std::size_t m_tallyCount = 0;
    /// Per source group of a roll-up by tallies in first-source order, its dense number.
    std::vector<std::uint32_t> m_number;
    std::vector<std::uint32_t> m_local;
    /// The combinations of the roll-up under way, swapped into its target at the end.
    GroupCombinations<W> m_building;
};

} // namespace qiscout::core
