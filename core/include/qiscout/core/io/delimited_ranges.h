// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a delimited text file in byte ranges, one per process of a distributed job, so that no
// process parses (or holds) the whole file: the layout is decided once from the file's start, each
// range is cut at line ends and read alone, and the ranges' dictionaries are joined afterwards into
// the ones loadTable would have made.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What every reader of a range must agree on: what loadTable sniffs or is told once for the file.
struct DelimitedLayout {
    char delimiter = ',';
    bool hasHeader = true;
    /// As requested: Auto is settled per range (a range that is not UTF-8 cannot be read alone,
    /// since the whole file would then be read as Windows-1252).
    TextEncoding encoding = TextEncoding::Auto;
    /// The file's size, and the offset of its first data record (after the BOM and the header).
    std::uint64_t fileSize = 0;
    std::uint64_t bodyStart = 0;
    /// loadTable's column names (renamed as it renames empty or repeated ones).
    std::vector<std::string> columnNames;
};

/// The layout of the delimited file at `path` read with `options`, from its first records only.
/// Throws LoadError as loadTable would for those records (an empty file, a broken header).
[[nodiscard]] DelimitedLayout sniffDelimitedLayout(const std::string& path, const LoadOptions& options);

/// Bytes [begin, end) of the file: the records that start there.
struct ByteRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
};

/// Part `part` of `parts` of the body of `path`: the body cut into `parts` nearly equal spans,
/// each moved to the start of the line it falls in, so consecutive parts tile the body and a part
/// may hold no line at all. Every part can be computed alone from the same file and layout.
[[nodiscard]] ByteRange delimitedPart(const std::string& path, const DelimitedLayout& layout, int part, int parts);

/// How reading a range went. Of several ranges' outcomes, the greatest explains the others: a
/// range cut inside a quoted field may well fail to parse, and then another sees the line break.
enum class RangeOutcome {
    /// `table` holds the range's rows.
    Read,
    /// The range broke a rule of the format (a ragged row, an unterminated quote, a NUL byte...):
    /// loadTable on the whole file says where, with the file's line numbers.
    Failed,
    /// The range is not valid UTF-8 while the encoding is Auto, so the whole file is Windows-1252.
    NotUtf8,
    /// A quoted field holds a line break: a line end need not end a record, so the ranges may be
    /// cut inside records. Read the whole file instead.
    QuotedLineBreak,
};

struct RangeRead {
    RangeOutcome outcome = RangeOutcome::Read;
    /// The range's rows with dictionaries of their own, in the order of first appearance in the
    /// range, and skippedRows counted; column types are not set (see adoptJoinedDictionaries).
    EncodedTable table;
    /// For Failed: what went wrong.
    std::string failure;
};

/// Reads the records that start in `range` of `path` exactly as loadTable reads them within the
/// whole file, with `options` (the missing tokens, skipping ragged rows) and `layout`.
[[nodiscard]] RangeRead readDelimitedRange(const std::string& path, const DelimitedLayout& layout,
                                           const LoadOptions& options, ByteRange range);

/// The dictionary loadTable makes for a column from the dictionaries of consecutive ranges of
/// the file, given in file order: every value in the order it first appears.
[[nodiscard]] std::vector<std::string> joinRangeDictionaries(const std::vector<std::vector<std::string>>& ranges);

/// Recodes a range's table to the joined dictionaries (one per column, each holding every value
/// of the range's column): the codes, frequencies (of the range's rows), missing flags and column
/// types then are those of loadTable's table restricted to the range's rows, as rowSlice gives.
void adoptJoinedDictionaries(EncodedTable& range, std::vector<std::vector<std::string>> dictionaries,
                             const std::vector<std::string>& missingTokens);

} // namespace qiscout::core
