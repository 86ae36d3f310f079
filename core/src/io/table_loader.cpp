// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: the delimited-text path of loading is one pipeline (map the file, sniff the
// dialect, decode, tokenise rows in parallel chunks, encode columns, report progress and stop) whose
// steps share the chunk bookkeeping; the other formats only dispatch from here to their readers.
#include "qiscout/core/io/table_loader.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <tbb/task_arena.h>

#include "qiscout/core/util/display_text.h"

#include "io/csv/csv_tokenizer.h"
#include "io/csv/table_sniffer.h"
#include "io/reading/column_encoder.h"
#include "io/reading/column_names.h"
#include "io/reading/load_failure.h"
#include "io/reading/mapped_read.h"
#include "io/reading/progress_reporter.h"
#include "io/reading/text_encoding.h"
#include "io/reading/type_inference.h"
#include "io/table_loader_internal.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

constexpr std::string_view utf8Bom = "\xEF\xBB\xBF";
/// Pieces smaller than this are not worth a task of their own.
constexpr std::size_t minPieceBytes = std::size_t{64} << 10;
/// Encoding checks and transcoding look at the stop token this often; the checks take a block
/// per task.
constexpr std::size_t textBlockBytes = std::size_t{4} << 20;

[[noreturn]] void fail(LoadErrorKind kind, const std::string& file, TextLocation where, const std::string& detail)
{
    std::string position;
    if (where.line > 0) {
        position = "line " + std::to_string(where.line);
        if (where.column > 0)
            position += ", column " + std::to_string(where.column);
    }
    failLoad(kind, file, where.line, where.column, position, detail);
}

void checkOptions(const LoadOptions& options)
{
    if (options.delimiter && std::string_view(",\t;|").find(*options.delimiter) == std::string_view::npos)
        throw std::invalid_argument("The delimiter must be ',', tab, ';' or '|'.");
}

bool onlyLineBreaks(std::string_view text)
{
    return text.find_first_not_of("\r\n") == std::string_view::npos;
}

/// Lines ended by bare carriage returns, as classic Mac OS wrote them: the tokenizer ends lines at
/// LF only, so such a file reads as one long header row.
bool endsLinesWithBareCr(std::string_view text)
{
    return text.find('\n') == std::string_view::npos && text.find('\r') != std::string_view::npos;
}

[[noreturn]] void failBareCr(const std::string& file)
{
    fail(LoadErrorKind::Malformed, file, {1, 0},
         "the lines end in bare carriage returns (CR, as classic Mac OS wrote them), which QIScout does not "
         "take for line breaks; save the file with LF or CRLF line endings");
}

std::size_t skipBlankLines(std::string_view text, std::size_t pos)
{
    for (;;) {
        if (pos < text.size() && text[pos] == '\n')
            pos += 1;
        else if (pos + 1 < text.size() && text[pos] == '\r' && text[pos + 1] == '\n')
            pos += 2;
        else
            return pos;
    }
}

std::string hexByte(char c)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    const auto b = static_cast<unsigned char>(c);
    return std::string("0x") + digits[b >> 4] + digits[b & 15];
}

std::string transcodeInBlocks(std::string_view raw, const std::stop_token& stop, const std::string& file)
{
    std::string out;
    out.reserve(windows1252Utf8Size(raw));
    for (std::size_t begin = 0; begin < raw.size(); begin += textBlockBytes) {
        throwIfCancelled(stop, file);
        appendWindows1252AsUtf8(raw.substr(begin, textBlockBytes), out);
    }
    return out;
}

/// A record that stops the load, found while parsing a piece; raised only once the piece is
/// known to have started on a real record boundary.
struct Fault {
    LoadErrorKind kind = LoadErrorKind::RaggedRow;
    std::size_t offset = 0;
    std::size_t fieldCount = 0;
};

/// The records parsed from one stretch of a chunk. Spans are stored column by column
/// (spans[c * rowCapacity + r]) so each column's encoder reads them sequentially.
struct Piece {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::size_t rows = 0;
    bool incomplete = false;
    std::optional<Fault> fault;
    std::uint64_t skipped = 0;
    std::size_t firstSkipped = 0;
    std::uint64_t blankLines = 0;
    std::vector<FieldSpan> record;
    std::vector<FieldSpan> spans;
    std::size_t rowCapacity = 0;

    void addRow(std::size_t columns)
    {
        if (rows == rowCapacity) {
            const std::size_t capacity = std::max<std::size_t>(1024, 2 * rowCapacity);
            std::vector<FieldSpan> grown(columns * capacity);
            for (std::size_t c = 0; c < columns; ++c)
                std::copy_n(spans.begin() + static_cast<std::ptrdiff_t>(c * rowCapacity), rows,
                            grown.begin() + static_cast<std::ptrdiff_t>(c * capacity));
            spans.swap(grown);
            rowCapacity = capacity;
        }
        for (std::size_t c = 0; c < columns; ++c)
            spans[c * rowCapacity + rows] = record[c];
        ++rows;
    }
};

struct ParseContext {
    std::string_view text;
    char delimiter = ',';
    std::size_t columns = 0;
    bool skipRagged = false;
};

/// Parses the records that start in [begin, stopAt), reading at most up to `limit`. Spans are
/// relative to `base`.
void parsePiece(const ParseContext& context, std::size_t begin, std::size_t stopAt, std::size_t limit, std::size_t base,
                Piece& piece)
{
    piece.begin = begin;
    piece.rows = 0;
    piece.incomplete = false;
    piece.fault.reset();
    piece.skipped = 0;
    piece.blankLines = 0;
    const char* data = context.text.data();
    const bool atEof = limit == context.text.size();
    const std::size_t columns = context.columns;
    std::size_t pos = begin;
    while (pos < stopAt) {
        FieldSpan* const record = piece.record.data();
        RecordScan scan;
        if (!scanPlainRecord(data, pos, limit, context.delimiter, record, columns, base, scan))
            scan = scanRecord(data, pos, limit, atEof, context.delimiter, record, columns, base);
        if (scan.status == RecordStatus::Incomplete) {
            piece.incomplete = true;
            break;
        }
        if (scan.status == RecordStatus::UnterminatedQuote) {
            piece.fault = Fault{LoadErrorKind::UnterminatedQuote, scan.quoteOffset, scan.fieldCount};
            break;
        }
        if (scan.fieldCount == 1 && columns > 1 && record[0].begin == record[0].end) {
            ++piece.blankLines;
            pos = scan.next;
            continue;
        }
        if (scan.fieldCount != columns) {
            if (!context.skipRagged) {
                piece.fault = Fault{LoadErrorKind::RaggedRow, pos, scan.fieldCount};
                break;
            }
            if (piece.skipped == 0)
                piece.firstSkipped = pos;
            ++piece.skipped;
            pos = scan.next;
            continue;
        }
        piece.addRow(columns);
        pos = scan.next;
    }
    piece.end = pos;
}

[[noreturn]] void raiseFault(const Fault& fault, std::string_view text, const std::string& file, std::size_t columns)
{
    const std::uint64_t line = lineAt(text, fault.offset);
    if (fault.kind == LoadErrorKind::UnterminatedQuote)
        fail(fault.kind, file, {line, fault.fieldCount},
             "the quote that opens this field is never closed before the end of the file");
    const std::size_t column = fault.fieldCount < columns ? fault.fieldCount + 1 : columns + 1;
    fail(fault.kind, file, {line, column},
         "the row has " + countedNoun(fault.fieldCount, "field", "fields") + " but the table has " +
             countedNoun(columns, "column", "columns") +
             " (to skip such rows: --skip-ragged on the command line, \"Skip lines with the wrong number of "
             "values\" in the import dialog)");
}

/// Fails on the first row beyond the limit: row `index` of the rows the pieces hold.
[[noreturn]] void raiseTooManyRows(const std::vector<Piece>& pieces, std::size_t pieceCount, std::uint64_t index,
                                   std::size_t base, std::string_view text, const std::string& file,
                                   std::uint64_t maxRows)
{
    std::size_t offset = base;
    for (std::size_t i = 0; i < pieceCount; ++i) {
        if (index < pieces[i].rows) {
            offset = base + pieces[i].spans[index].begin;
            break;
        }
        index -= pieces[i].rows;
    }
    fail(LoadErrorKind::TooManyRows, file, {lineAt(text, offset), 0},
         "the table has more than " + std::to_string(maxRows) + " rows");
}

/// Rows a sample of the body suggests the whole body holds, never more than it can hold.
std::size_t estimateRows(const ParseContext& context, std::size_t bodyStart, std::uint64_t maxRows)
{
    const std::string_view text = context.text;
    const std::size_t sampleEnd = std::min(text.size(), bodyStart + sniffSampleBytes);
    std::size_t pos = bodyStart;
    std::size_t records = 0;
    while (pos < sampleEnd) {
        const RecordScan scan =
            scanRecord(text.data(), pos, sampleEnd, sampleEnd == text.size(), context.delimiter, nullptr, 0, pos);
        if (scan.status != RecordStatus::Complete)
            break;
        ++records;
        pos = scan.next;
    }
    const std::size_t body = text.size() - bodyStart;
    const std::size_t ceiling = body / std::max<std::size_t>(context.columns, 1) + 1;
    std::size_t estimate = ceiling;
    if (records > 0 && pos > bodyStart) {
        const double perRecord = static_cast<double>(pos - bodyStart) / static_cast<double>(records);
        estimate = static_cast<std::size_t>(static_cast<double>(body) / perRecord * 1.1) + 16;
    }
    return static_cast<std::size_t>(std::min<std::uint64_t>({estimate, ceiling, maxRows}));
}

/// The decoded text of a buffer and how it was decoded.
struct DecodedText {
    std::size_t bomLength = 0;
    std::string_view raw;
    std::string transcoded;
    TextEncoding encoding = TextEncoding::Utf8;
    bool isTranscoded = false;
};

void decodeText(DecodedText& decoded, const std::string& file, const LoadOptions& options, char delimiter,
                const std::stop_token& stop, std::vector<std::string>& warnings)
{
    const TextScan scan = scanTextInBlocks(decoded.raw, stop, file);
    if (scan.firstNul)
        fail(LoadErrorKind::NulByte, file, locateOffset(decoded.raw, delimiter, *scan.firstNul),
             "the file contains a NUL byte, so it is binary or UTF-16 rather than delimited text");
    if (options.encoding == TextEncoding::Windows1252) {
        decoded.encoding = TextEncoding::Windows1252;
        decoded.isTranscoded = scan.hasHighBytes;
    } else if (scan.firstInvalidUtf8) {
        const TextLocation where = locateOffset(decoded.raw, delimiter, *scan.firstInvalidUtf8);
        const std::string byte = hexByte(decoded.raw[*scan.firstInvalidUtf8]);
        if (options.encoding == TextEncoding::Utf8)
            fail(LoadErrorKind::InvalidEncoding, file, where, "byte " + byte + " is not valid UTF-8");
        warnings.push_back("The file is not valid UTF-8 (byte " + byte + " at line " + std::to_string(where.line) +
                           ", column " + std::to_string(where.column) +
                           "); it was read as Windows-1252 and converted to UTF-8.");
        decoded.encoding = TextEncoding::Windows1252;
        decoded.isTranscoded = true;
    }
    if (decoded.isTranscoded)
        decoded.transcoded = transcodeInBlocks(decoded.raw, stop, file);
}

/// Strips a UTF-8 byte order mark (unless the caller insists on Windows-1252) and rejects text-free input.
void startDecoding(DecodedText& decoded, std::string_view bytes, const std::string& file, const LoadOptions& options)
{
    checkOptions(options);
    decoded.bomLength = options.encoding != TextEncoding::Windows1252 && bytes.substr(0, utf8Bom.size()) == utf8Bom
                            ? utf8Bom.size()
                            : 0;
    decoded.raw = bytes.substr(decoded.bomLength);
    if (onlyLineBreaks(decoded.raw))
        fail(LoadErrorKind::EmptyFile, file, {}, "the file is empty");
}

char chooseDelimiter(std::string_view raw, const LoadOptions& options)
{
    if (options.delimiter)
        return *options.delimiter;
    return sniffDelimiter(raw.substr(0, sniffSampleBytes), raw.size() <= sniffSampleBytes);
}

struct HeaderScan {
    std::size_t start = 0;
    std::size_t columns = 0;
    std::size_t next = 0;
    std::vector<FieldSpan> spans;
};

/// Scans the first non-blank record, which fixes the column count.
HeaderScan scanHeader(std::string_view text, char delimiter, const std::string& file, const LoadLimits& limits)
{
    HeaderScan header;
    header.start = skipBlankLines(text, 0);
    header.spans.resize(limits.maxColumns + 1);
    const RecordScan scan = scanRecord(text.data(), header.start, text.size(), true, delimiter, header.spans.data(),
                                       header.spans.size(), header.start);
    if (scan.status == RecordStatus::UnterminatedQuote)
        fail(LoadErrorKind::UnterminatedQuote, file, {lineAt(text, scan.quoteOffset), scan.fieldCount},
             "the quote that opens this field is never closed before the end of the file");
    if (scan.fieldCount > limits.maxColumns)
        fail(LoadErrorKind::TooManyColumns, file, {lineAt(text, header.start), limits.maxColumns + 1},
             "the row has " + std::to_string(scan.fieldCount) + " fields, more than the " +
                 std::to_string(limits.maxColumns) + " columns a table may have");
    header.columns = scan.fieldCount;
    header.next = scan.next;
    header.spans.resize(scan.fieldCount);
    return header;
}

std::vector<std::string> headerNames(std::string_view text, const HeaderScan& header)
{
    std::vector<std::string> names;
    std::string scratch;
    for (const FieldSpan& span : header.spans)
        names.emplace_back(unquoteField(text.substr(header.start + span.begin, span.end - span.begin), scratch));
    return names;
}

bool chooseHeader(std::string_view text, const HeaderScan& header, const LoadOptions& options, char delimiter)
{
    if (options.hasHeader)
        return *options.hasHeader;
    const std::string_view sample = text.substr(header.start, sniffSampleBytes);
    return sniffHeader(sample, header.start + sample.size() == text.size(), delimiter, options.missingTokens);
}

std::string skippedWarning(std::uint64_t skipped, std::uint64_t firstLine)
{
    return "Skipped " + std::to_string(skipped) + " ragged row" + (skipped == 1 ? "" : "s") +
           " with the wrong number of fields (the first at line " + std::to_string(firstLine) + ").";
}

std::string blankWarning(std::uint64_t blankLines)
{
    return "Ignored " + std::to_string(blankLines) + " blank line" + (blankLines == 1 ? "" : "s") + ".";
}

} // namespace

TextScan scanTextInBlocks(std::string_view raw, const std::stop_token& stop, const std::string& file)
{
    std::vector<std::size_t> ends;
    for (std::size_t end = 0; end < raw.size();) {
        end = std::min(raw.size(), end + textBlockBytes);
        // Never split a UTF-8 sequence: continuation bytes stay with their lead byte.
        while (end < raw.size() && (static_cast<unsigned char>(raw[end]) & 0xC0) == 0x80)
            ++end;
        ends.push_back(end);
    }
    std::vector<TextScan> blocks(ends.size());
    parallelFor(ends.size(), [&](std::size_t i) {
        if (stop.stop_requested())
            return;
        const std::size_t begin = i == 0 ? 0 : ends[i - 1];
        blocks[i] = scanText(raw.substr(begin, ends[i] - begin));
    });
    throwIfCancelled(stop, file);
    TextScan total;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const std::size_t begin = i == 0 ? 0 : ends[i - 1];
        const TextScan& block = blocks[i];
        total.hasHighBytes = total.hasHighBytes || block.hasHighBytes;
        if (!total.firstInvalidUtf8 && block.firstInvalidUtf8)
            total.firstInvalidUtf8 = begin + *block.firstInvalidUtf8;
        if (block.firstNul) {
            total.firstNul = begin + *block.firstNul;
            return total;
        }
    }
    return total;
}

DelimitedBody encodeDelimitedBody(std::string_view text, std::size_t bodyStart, char delimiter,
                                  const LoadOptions& options, const std::stop_token& stop, const std::string& file,
                                  const LoadLimits& limits, EncodedTable& table,
                                  const std::function<void(std::size_t)>& parsed)
{
    const std::size_t columns = table.columnCount();
    const ParseContext context{text, delimiter, columns, options.skipRaggedRows};
    std::vector<ColumnEncoder> encoders;
    encoders.reserve(columns);
    const std::size_t estimatedRows = estimateRows(context, bodyStart, limits.maxRows);
    for (std::size_t c = 0; c < columns; ++c) {
        table.columns[c].codes.reserve(estimatedRows);
        encoders.emplace_back(table.columns[c], options.missingTokens);
    }

    const auto concurrency = static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
    std::vector<Piece> pieces(2 * concurrency);
    for (Piece& piece : pieces)
        piece.record.resize(columns);
    DelimitedBody read;
    std::size_t chunkBytes = std::max<std::size_t>(limits.chunkBytes, 1);
    std::size_t pos = bodyStart;
    std::vector<std::size_t> starts;
    while (pos < text.size()) {
        throwIfCancelled(stop, file);
        const std::size_t chunkEnd = text.size() - pos <= chunkBytes ? text.size() : pos + chunkBytes;
        if (chunkEnd - pos > std::numeric_limits<std::uint32_t>::max())
            fail(LoadErrorKind::Unreadable, file, {lineAt(text, pos), 0}, "a single row is longer than 4 GiB");

        // Split at line breaks and parse the pieces in parallel, each assuming it starts a record;
        // the chain check below accepts a piece only if its predecessor really ended where it began.
        starts.assign(1, pos);
        const std::size_t wanted = std::min(pieces.size(), std::max<std::size_t>(1, (chunkEnd - pos) / minPieceBytes));
        for (std::size_t i = 1; i < wanted; ++i) {
            const std::size_t target = pos + (chunkEnd - pos) * i / wanted;
            if (target <= starts.back())
                continue;
            const void* lineBreak = std::memchr(text.data() + target, '\n', chunkEnd - target);
            if (lineBreak == nullptr)
                break;
            const auto split = static_cast<std::size_t>(static_cast<const char*>(lineBreak) - text.data()) + 1;
            if (split >= chunkEnd)
                break;
            starts.push_back(split);
        }
        std::size_t pieceCount = starts.size();
        parallelFor(pieceCount, [&](std::size_t i) {
            parsePiece(context, starts[i], i + 1 < pieceCount ? starts[i + 1] : chunkEnd, chunkEnd, pos, pieces[i]);
        });
        std::size_t consumed = pos;
        std::size_t usedPieces = 0;
        std::uint64_t chunkRows = 0;
        for (std::size_t i = 0; i < pieceCount; ++i) {
            Piece& piece = pieces[i];
            if (piece.begin != consumed) {
                parsePiece(context, consumed, chunkEnd, chunkEnd, pos, piece);
                pieceCount = i + 1;
            }
            chunkRows += piece.rows;
            usedPieces = i + 1;
            // Rows before a fault are good rows, so a row limit they cross is reached first.
            if (read.rows + chunkRows > limits.maxRows)
                raiseTooManyRows(pieces, usedPieces, limits.maxRows - read.rows, pos, text, file, limits.maxRows);
            if (piece.fault)
                raiseFault(*piece.fault, text, file, columns);
            if (piece.skipped > 0 && read.skipped == 0)
                read.firstSkipped = piece.firstSkipped;
            read.skipped += piece.skipped;
            read.blankLines += piece.blankLines;
            consumed = piece.end;
            if (piece.incomplete)
                break;
        }
        if (consumed == pos) {
            // Not one record fits in the chunk: widen it for this record only.
            chunkBytes *= 2;
            continue;
        }
        chunkBytes = std::max<std::size_t>(limits.chunkBytes, 1);
        parallelFor(columns, [&](std::size_t c) {
            std::string scratch;
            ColumnEncoder& encoder = encoders[c];
            for (std::size_t i = 0; i < usedPieces; ++i) {
                const FieldSpan* span = pieces[i].spans.data() + c * pieces[i].rowCapacity;
                for (std::size_t r = 0; r < pieces[i].rows; ++r, ++span)
                    encoder.append(unquoteField(
                        std::string_view(text.data() + pos + span->begin, span->end - span->begin), scratch));
            }
        });
        read.rows += chunkRows;
        pos = consumed;
        parsed(pos);
    }
    throwIfCancelled(stop, file);
    parallelFor(columns, [&](std::size_t c) {
        std::vector<std::uint32_t>& codes = table.columns[c].codes;
        if (codes.capacity() > codes.size() + codes.size() / 4)
            codes.shrink_to_fit();
    });
    return read;
}

DelimitedLayout sniffLayoutOfBuffer(std::string_view bytes, const std::string& sourceName, const LoadOptions& options)
{
    DelimitedLayout layout;
    DecodedText decoded;
    startDecoding(decoded, bytes, sourceName, options);
    layout.delimiter = chooseDelimiter(decoded.raw, options);
    // The header's bytes are what the whole file's are as far as the structure goes: transcoding
    // keeps the delimiter, quotes and line breaks where they are.
    const HeaderScan header = scanHeader(decoded.raw, layout.delimiter, sourceName, {});
    layout.hasHeader = chooseHeader(decoded.raw, header, options, layout.delimiter);
    std::vector<std::string> names =
        layout.hasHeader ? headerNames(decoded.raw, header) : generatedNames(header.columns);
    if (options.encoding == TextEncoding::Windows1252)
        for (std::string& name : names)
            name = windows1252ToUtf8(name);
    std::vector<std::string> warnings;
    layout.columnNames = uniqueColumnNames(std::move(names), warnings);
    layout.encoding = options.encoding;
    layout.fileSize = bytes.size();
    layout.bodyStart = decoded.bomLength + (layout.hasHeader ? header.next : header.start);
    return layout;
}

EncodedTable loadTableFromBuffer(std::string_view bytes, const std::string& sourceName, const LoadOptions& options,
                                 std::stop_token stop, const LoadProgress& progress, LoadSettings* used,
                                 const LoadLimits& limits, const std::function<void(std::size_t)>& releasePrefix)
{
    const std::string& file = sourceName;
    throwIfCancelled(stop, file);
    EncodedTable table;
    table.sourcePath = sourceName;

    DecodedText decoded;
    startDecoding(decoded, bytes, file, options);
    const char delimiter = chooseDelimiter(decoded.raw, options);
    decodeText(decoded, file, options, delimiter, stop, table.warnings);
    const std::string_view text = decoded.isTranscoded ? std::string_view(decoded.transcoded) : decoded.raw;
    // Once transcoded, the mapped bytes are never read again.
    const auto release = [&](std::size_t textOffset) {
        if (releasePrefix)
            releasePrefix(decoded.isTranscoded ? bytes.size() : decoded.bomLength + textOffset);
    };
    release(0);

    const HeaderScan header = scanHeader(text, delimiter, file, limits);
    // Sniffed on the undecoded bytes, as previewTable does, so both see the same sample.
    const bool hasHeader = chooseHeader(decoded.raw, header, options, delimiter);
    const std::size_t columns = header.columns;
    const std::vector<std::string> names =
        uniqueColumnNames(hasHeader ? headerNames(text, header) : generatedNames(columns), table.warnings);
    const std::size_t bodyStart = hasHeader ? header.next : header.start;
    if (used != nullptr)
        *used = LoadSettings{SourceFormat::Delimited, delimiter, hasHeader, decoded.encoding};

    table.columns.resize(columns);
    for (std::size_t c = 0; c < columns; ++c)
        table.columns[c].name = names[c];
    ProgressReporter reporter(progress, text.size(), limits.progressStepBytes);
    const DelimitedBody read =
        encodeDelimitedBody(text, bodyStart, delimiter, options, stop, file, limits, table, [&](std::size_t pos) {
            release(pos);
            reporter.advance(pos);
        });
    const std::uint64_t rows = read.rows;
    const std::uint64_t skipped = read.skipped;
    const std::size_t firstSkipped = read.firstSkipped;
    const std::uint64_t blankLines = read.blankLines;

    if (rows == 0 && endsLinesWithBareCr(text))
        failBareCr(file);
    if (rows == 0) {
        std::string detail = "the header row is the only row; there are no data rows";
        if (skipped > 0)
            detail += " (" + std::to_string(skipped) + " ragged rows were skipped)";
        fail(LoadErrorKind::HeaderOnly, file, {lineAt(text, header.start), 0}, detail);
    }
    if (skipped > 0)
        table.warnings.push_back(skippedWarning(skipped, lineAt(text, firstSkipped)));
    if (blankLines > 0)
        table.warnings.push_back(blankWarning(blankLines));
    table.skippedRows = skipped;
    table.rowCount = static_cast<std::uint32_t>(rows);
    parallelFor(columns, [&](std::size_t c) {
        EncodedColumn& column = table.columns[c];
        column.type = inferColumnType(column.dictionary, column.missing);
    });
    reporter.finish();
    return table;
}

TablePreview previewTableFromBuffer(std::string_view bytes, const std::string& sourceName, const LoadOptions& options,
                                    std::size_t maxRows, const LoadLimits& limits)
{
    const std::string& file = sourceName;
    TablePreview preview;
    preview.fileSize = bytes.size();
    DecodedText decoded;
    startDecoding(decoded, bytes, file, options);
    const std::string_view raw = decoded.raw;
    preview.delimiter = chooseDelimiter(raw, options);
    const HeaderScan header = scanHeader(raw, preview.delimiter, file, limits);
    preview.hasHeader = chooseHeader(raw, header, options, preview.delimiter);
    const std::size_t columns = header.columns;

    // Read only the rows asked for; faults are raised after the encoding check so the order of
    // errors matches loadTable's.
    std::vector<std::vector<std::string>> rows;
    std::vector<FieldSpan> record(columns);
    std::string scratch;
    std::optional<Fault> fault;
    std::uint64_t skipped = 0;
    std::size_t firstSkipped = 0;
    std::size_t pos = preview.hasHeader ? header.next : header.start;
    const std::size_t bodyStart = pos;
    while (pos < raw.size() && rows.size() < maxRows) {
        const RecordScan scan =
            scanRecord(raw.data(), pos, raw.size(), true, preview.delimiter, record.data(), columns, pos);
        if (scan.status == RecordStatus::UnterminatedQuote) {
            fault = Fault{LoadErrorKind::UnterminatedQuote, scan.quoteOffset, scan.fieldCount};
            break;
        }
        if (scan.fieldCount == 1 && columns > 1 && record[0].begin == record[0].end) {
            pos = scan.next;
            continue;
        }
        if (scan.fieldCount != columns) {
            if (!options.skipRaggedRows) {
                fault = Fault{LoadErrorKind::RaggedRow, pos, scan.fieldCount};
                break;
            }
            if (skipped++ == 0)
                firstSkipped = pos;
            pos = scan.next;
            continue;
        }
        auto& row = rows.emplace_back();
        for (const FieldSpan& span : record)
            row.emplace_back(unquoteField(raw.substr(pos + span.begin, span.end - span.begin), scratch));
        pos = scan.next;
    }

    const std::string_view checked = raw.substr(0, fault ? std::max(fault->offset, header.next) : pos);
    DecodedText region;
    region.raw = checked;
    decodeText(region, file, options, preview.delimiter, {}, preview.warnings);
    if (fault)
        raiseFault(*fault, raw, file, columns);
    preview.encoding = region.encoding;

    const auto decode = [&region](std::string& text) {
        if (region.isTranscoded)
            text = windows1252ToUtf8(text);
    };
    std::vector<std::string> names = preview.hasHeader ? headerNames(raw, header) : generatedNames(columns);
    for (auto& name : names)
        decode(name);
    preview.columnNames = uniqueColumnNames(std::move(names), preview.warnings);
    preview.columnDescriptions.assign(columns, std::string());
    const auto& tokens = options.missingTokens;
    for (auto& row : rows) {
        auto& missing = preview.missing.emplace_back();
        for (auto& cell : row) {
            decode(cell);
            missing.push_back(std::find(tokens.begin(), tokens.end(), cell) != tokens.end());
        }
    }
    preview.rows = std::move(rows);
    if (preview.rows.empty() && maxRows > 0 && endsLinesWithBareCr(raw))
        failBareCr(file);
    if (preview.hasHeader && preview.rows.empty() && skipped == 0 && maxRows > 0 &&
        onlyLineBreaks(raw.substr(std::min(bodyStart, raw.size()))))
        fail(LoadErrorKind::HeaderOnly, file, {lineAt(raw, header.start), 0},
             "the header row is the only row; there are no data rows");
    if (skipped > 0)
        preview.warnings.push_back(skippedWarning(skipped, lineAt(raw, firstSkipped)));
    return preview;
}

EncodedTable loadDelimitedFile(const std::string& path, const LoadOptions& options, std::stop_token stop,
                               const LoadProgress& progress, LoadSettings* used)
{
    return readMappedFile(path, [&](MappedFile& mapped) {
        return loadTableFromBuffer(mapped.bytes(), path, options, stop, progress, used, {},
                                   [&mapped](std::size_t prefix) { mapped.release(prefix); });
    });
}

TablePreview previewDelimitedFile(const std::string& path, const LoadOptions& options, std::size_t maxRows)
{
    return readMappedFile(
        path, [&](MappedFile& mapped) { return previewTableFromBuffer(mapped.bytes(), path, options, maxRows); });
}

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(TextEncoding encoding)
{
    return nameIn(textEncodingNames, encoding).data();
}

std::optional<TextEncoding> parseTextEncoding(std::string_view name)
{
    return valueIn(textEncodingNames, name);
}

} // namespace qiscout::core
