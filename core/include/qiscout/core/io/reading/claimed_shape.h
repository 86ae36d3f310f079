// SPDX-License-Identifier: GPL-3.0-or-later
// Sizes a file claims, checked before they size an allocation (#19). A binary format's header or a
// database's row count says how many rows and columns follow; a hostile or broken file can claim
// anything, and rows x columns in 32-bit arithmetic wraps (5M x 800 cells crashed ARX).
#pragma once

#include <cstdint>
#include <string>

namespace qiscout::core {

/// The rows and columns a file says it holds, before any cell is read. Untrusted until checked.
struct ClaimedShape {
    std::uint64_t rows = 0;
    std::uint64_t columns = 0;
};

/// Largest number of rows a table may have (EncodedTable::rowCount is 32-bit).
inline constexpr std::uint64_t maxTableRows = 0xFFFFFFFFull;

/// Bytes the encoded table of that shape needs at least (a 4-byte code per cell), computed without
/// overflow: UINT64_MAX when the true value does not fit.
[[nodiscard]] std::uint64_t encodedTableBytes(const ClaimedShape& shape);

/// Throws LoadError before anything is allocated for a shape QIScout cannot hold: TooManyRows
/// beyond maxTableRows, TooManyColumns beyond maxTableColumns, OutOfMemory when the encoded table
/// alone needs more than availableBytes (see memoryAvailableToProcess). Messages name `file`.
void checkClaimedShape(const ClaimedShape& shape, const std::string& file, std::uint64_t availableBytes);

} // namespace qiscout::core
