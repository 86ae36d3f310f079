// SPDX-License-Identifier: GPL-3.0-or-later
// The rows mode's reading: each rank reads the records of its own byte range of a delimited file,
// and the ranks agree the dictionaries, so no rank parses or holds the whole table
// (docs/scale-out.md, "Reading").
#pragma once

#include <optional>
#include <string>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/encoded_table.h"

#include "mpi_job.h"

namespace qiscout::mpi {

/// This rank's slice of the rows, or why the file has to be read whole.
struct SliceRead {
    /// The rank's rows (those of its byte range, in file order: rank order is row order), with the
    /// dictionaries, missing flags and column types loadTable gives the whole file.
    std::optional<core::EncodedTable> slice;
    /// The table's rows over the job.
    std::uint32_t rows = 0;
    /// When there is no slice: why every rank must read the whole file (the same on every rank).
    std::string whyWhole;
};

/// Reads the delimited file `path` in byte ranges, one per rank: rank 0 decides the delimiter,
/// header and column names from the file's start and sends them, each rank reads its range, and
/// each column's values, gathered from every rank in rank order, are numbered as loadTable numbers
/// them. A collective. When a range cannot be read alone (a quoted line break, text that is not
/// UTF-8 under the auto encoding, an error the whole file's read must report with its line) no
/// rank keeps a slice.
[[nodiscard]] SliceRead readSliceOfFile(const std::string& path, const core::LoadOptions& options,
                                        const JobPlace& place);

/// The whole table, on every rank, from the ranks' slices of readSliceOfFile: each column's codes
/// gathered in rank order (the dictionaries agree already), for the lattice mode once --distribute
/// auto has chosen it. A collective.
[[nodiscard]] core::EncodedTable gatheredTable(const core::EncodedTable& slice, std::uint32_t rows,
                                               const JobPlace& place);

} // namespace qiscout::mpi
