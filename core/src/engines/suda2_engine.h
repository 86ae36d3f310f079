// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// An item of SUDA2: a value of a column.
struct Item {
    int column = 0;
    std::uint32_t code = 0;
    friend bool operator==(const Item&, const Item&) = default;
};

/// A minimal sample unique: items held by exactly one row, every proper subset by at least two.
struct MinimalSampleUnique {
    std::vector<Item> items;
    std::uint32_t row = 0;
    [[nodiscard]] ColumnSet columns() const;
};

/// The most columns one SUDA2 search spans: an MSU keeps its columns in one 64-bit word.
inline constexpr int maxSuda2Columns = 64;

/// SUDA2's full answer for k = 1.
struct Suda2Result {
    std::vector<MinimalSampleUnique> msus;
    /// row -> (MSU size - 1) -> number of MSUs of that size the row holds.
    std::vector<std::vector<std::uint32_t>> msuCountsBySize;
    /// The inclusion-minimal column sets of the MSUs, with their statistics (equals FPVI for k = 1).
    SearchResult projected;
};

/// Value-level minimal sample uniques (k = 1 only; parameters.k must be 1), within the size limit.
[[nodiscard]] Suda2Result runSuda2Full(const EncodedTable& table, const SearchParameters& parameters,
                                       std::stop_token stop, SearchObserver& observer);

/// runSuda2Full projected to column sets, as the other engines answer.
[[nodiscard]] SearchResult runSuda2(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                                    SearchObserver& observer);

} // namespace qiscout::core
