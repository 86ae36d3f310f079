// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/statistical/readstat_reader.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <readstat.h>

#include "qiscout/core/io/reading/claimed_shape.h"
#include "qiscout/core/util/display_text.h"
#include "qiscout/core/util/out_of_memory.h"

#include "io/reading/load_failure.h"
#include "io/reading/mapped_read.h"
#include "io/reading/progress_reporter.h"
#include "io/reading/table_builder.h"
#include "io/reading/text_encoding.h"
#include "io/statistical/readstat_memory_input.h"
#include "io/statistical/readstat_value_text.h"

namespace qiscout::core {
namespace {

/// Rows reserved up front at most, whatever a (possibly corrupt) header claims.
constexpr std::uint64_t maxReservedRows = std::uint64_t{1} << 22;
/// Progress is reported at most this often, in bytes.
constexpr std::size_t progressStepBytes = std::size_t{1} << 20;

/// The row count a .sas7bdat header states, read by a parse that stops after the header; 0 when it
/// states none or cannot be read. ReadStat reports and reads a row limit's worth of rows even past
/// the count the header states, where a whole read stops at that count, so a read of the first
/// rows is limited by this too: a preview must show the whole table's first rows, no others.
std::uint64_t statedSas7bdatRows(std::string_view bytes, const std::string& location)
{
    const std::unique_ptr<readstat_parser_t, void (*)(readstat_parser_t*)> parser(readstat_parser_init(),
                                                                                  readstat_parser_free);
    if (!parser)
        return 0;
    MemoryInput input{bytes};
    readFromMemory(parser.get(), input);
    readstat_set_metadata_handler(parser.get(), [](readstat_metadata_t* metadata, void* context) -> int {
        const int rows = readstat_get_row_count(metadata);
        *static_cast<std::uint64_t*>(context) = rows > 0 ? static_cast<std::uint64_t>(rows) : 0;
        return READSTAT_HANDLER_ABORT;
    });
    std::uint64_t rows = 0;
    static_cast<void>(readstat_parse_sas7bdat(parser.get(), location.c_str(), &rows));
    return rows;
}

/// A value label as ReadStat delivers it, before the variables that use it say how to print its value.
struct RawLabel {
    readstat_value_t value;
    /// ReadStat's string values point into its buffers, so a string value is kept here.
    std::string stringValue;
    std::string label;
};

struct Variable {
    Conversion conversion;
    bool isString = false;
    std::string labelSet;
};

/// Why a handler stopped the parse, when it was not ReadStat's own error.
enum class Stop { None, Cancelled, TooManyRows, TooManyColumns, TooLarge };

/// Everything the ReadStat callbacks share during one parse.
class StatisticalRead {
public:
    StatisticalRead(std::string_view bytes, const ReadRequest& request, SourceFormat format)
        : m_request(request)
        , m_format(format)
        , m_builder(request.location, request.options.missingTokens)
        , m_reporter(request.progress, bytes.size(), progressStepBytes)
        , m_input{bytes}
    {}

    EncodedTable run()
    {
        const std::unique_ptr<readstat_parser_t, void (*)(readstat_parser_t*)> parser(readstat_parser_init(),
                                                                                      readstat_parser_free);
        if (!parser)
            failLoad(LoadErrorKind::Unreadable, m_request.location, 0, 0, {}, "out of memory");
        readFromMemory(parser.get(), m_input);
        readstat_set_metadata_handler(parser.get(), &StatisticalRead::onMetadata);
        readstat_set_variable_handler(parser.get(), &StatisticalRead::onVariable);
        readstat_set_value_handler(parser.get(), &StatisticalRead::onValue);
        readstat_set_value_label_handler(parser.get(), &StatisticalRead::onValueLabel);
        readstat_set_error_handler(parser.get(), &StatisticalRead::onError);
        readstat_set_progress_handler(parser.get(), &StatisticalRead::onProgress);
        if (m_request.rowLimit) {
            std::uint64_t limit = std::max<std::uint64_t>(*m_request.rowLimit, 1);
            if (m_format == SourceFormat::SasData)
                if (const std::uint64_t stated = statedSas7bdatRows(m_input.bytes, m_request.location); stated > 0)
                    limit = std::min(limit, stated);
            readstat_set_row_limit(parser.get(), static_cast<long>(limit));
        }

        throwIfCancelled(m_request.stop, m_request.location);
        const readstat_error_t error = parse(parser.get());
        if (m_stop == Stop::Cancelled || m_request.stop.stop_requested())
            throwIfCancelled(m_request.stop, m_request.location);
        if (m_stop == Stop::TooManyColumns)
            failLoad(LoadErrorKind::TooManyColumns, m_request.location, 0, m_request.maxColumns + 1, {},
                     "the file has more than the " + std::to_string(m_request.maxColumns) +
                         " columns a table may have");
        if (m_stop == Stop::TooLarge)
            std::rethrow_exception(m_tooLarge);
        if (m_stop == Stop::TooManyRows)
            failLoad(LoadErrorKind::TooManyRows, m_request.location, m_request.maxRows + 1, 0,
                     "record " + std::to_string(m_request.maxRows + 1),
                     "the table has more than " + std::to_string(m_request.maxRows) + " rows");
        if (error != READSTAT_OK)
            failParse(error);
        if (m_rowOpen)
            m_builder.endRow();
        if (m_format == SourceFormat::SasTransport)
            checkTransportComplete();
        if (m_variables.empty())
            failLoad(LoadErrorKind::EmptyFile, m_request.location, 0, 0, {}, "the file defines no variables");
        if (m_builder.rowCount() == 0 && !(m_request.rowLimit && *m_request.rowLimit == 0))
            failLoad(LoadErrorKind::HeaderOnly, m_request.location, 0, 0, {},
                     "the file defines " + countedNoun(m_variables.size(), "variable", "variables") +
                         " but holds no records");
        attachValueLabels();
        if (!m_firstTranscoded.empty())
            m_builder.addWarning("Some text is not valid UTF-8 (the first in " + m_firstTranscoded +
                                 "); it was read as Windows-1252.");
        m_reporter.finish();
        return m_builder.finish();
    }

private:
    readstat_error_t parse(readstat_parser_t* parser)
    {
        switch (m_format) {
        case SourceFormat::SpssSystem:
            return readstat_parse_sav(parser, m_request.location.c_str(), this);
        case SourceFormat::SpssPortable:
            return readstat_parse_por(parser, m_request.location.c_str(), this);
        case SourceFormat::Stata:
            return readstat_parse_dta(parser, m_request.location.c_str(), this);
        case SourceFormat::SasData:
            return readstat_parse_sas7bdat(parser, m_request.location.c_str(), this);
        case SourceFormat::SasTransport:
            return readstat_parse_xport(parser, m_request.location.c_str(), this);
        case SourceFormat::Delimited:
        case SourceFormat::Excel:
        case SourceFormat::Sqlite:
        case SourceFormat::PostgreSql:
            break;
        }
        return READSTAT_ERROR_OPEN;
    }

    [[noreturn]] void failParse(readstat_error_t error) const
    {
        std::string where = "byte " + std::to_string(m_input.position);
        std::uint64_t line = 0;
        if (m_builder.rowCount() > 0 || m_rowOpen) {
            line = m_builder.rowCount() + 1;
            where = "record " + std::to_string(line) + ", " + where;
        }
        std::string detail =
            "it is not a readable " + std::string(formatName()) + " file (" + readstat_error_message(error);
        if (!m_message.empty())
            detail += "; " + m_message;
        detail += ")";
        failLoad(LoadErrorKind::Malformed, m_request.location, line, 0, where, detail);
    }

    /// ReadStat reads a transport file's rows until the bytes end and drops a partial last row, so a
    /// file cut short would load as a smaller table. XPORT pads the rows with blanks to a whole
    /// 80-byte record, and version 8 may state the row count: a file that ends inside a record,
    /// whose rows break off before the padding, or that holds fewer rows than it states, is cut.
    void checkTransportComplete() const
    {
        constexpr std::size_t recordBytes = 80;
        const std::string_view bytes = m_input.bytes;
        if (bytes.size() % recordBytes != 0)
            failLoad(LoadErrorKind::Malformed, m_request.location, 0, 0, "byte " + std::to_string(bytes.size()),
                     "the file ends inside an 80-byte record (SAS transport files are padded to whole "
                     "records): it is truncated");
        const std::uint64_t rows = m_builder.rowCount();
        if (m_request.rowLimit)
            return;
        const std::size_t header = recordStarting(bytes, "HEADER RECORD*******OBS", 0);
        if (header != std::string_view::npos && m_rowBytes > 0) {
            const std::size_t start = header + recordBytes;
            // A second member's header ends the first member's rows, which are all ReadStat reads.
            const std::size_t end = std::min(recordStarting(bytes, "HEADER RECORD*******MEMB", start), bytes.size());
            const std::size_t read = std::min(start + rows * m_rowBytes, end);
            if (bytes.substr(read, end - read).find_first_not_of(' ') != std::string_view::npos)
                failLoad(LoadErrorKind::Malformed, m_request.location, rows + 1, 0,
                         "record " + std::to_string(rows + 1) + ", byte " + std::to_string(read),
                         "the record breaks off after " + std::to_string(end - read) + " of its " +
                             std::to_string(m_rowBytes) + " bytes: the file is truncated");
        }
        if (m_claimedRows > 0 && rows != m_claimedRows)
            failLoad(LoadErrorKind::Malformed, m_request.location, rows, 0,
                     "record " + std::to_string(rows) + ", byte " + std::to_string(bytes.size()),
                     "the file states " + std::to_string(m_claimedRows) + " records but holds " + std::to_string(rows) +
                         ": it is truncated");
    }

    /// The offset of the first 80-byte record at or after `from` that starts with `prefix`; npos
    /// when there is none.
    static std::size_t recordStarting(std::string_view bytes, std::string_view prefix, std::size_t from)
    {
        constexpr std::size_t recordBytes = 80;
        for (std::size_t at = (from + recordBytes - 1) / recordBytes * recordBytes; at + prefix.size() <= bytes.size();
             at += recordBytes)
            if (bytes.substr(at, prefix.size()) == prefix)
                return at;
        return std::string_view::npos;
    }

    [[nodiscard]] const char* formatName() const
    {
        switch (m_format) {
        case SourceFormat::SpssSystem:
            return "SPSS";
        case SourceFormat::SpssPortable:
            return "SPSS portable";
        case SourceFormat::Stata:
            return "Stata";
        case SourceFormat::SasData:
            return "SAS";
        case SourceFormat::SasTransport:
            return "SAS transport";
        case SourceFormat::Delimited:
        case SourceFormat::Excel:
        case SourceFormat::Sqlite:
        case SourceFormat::PostgreSql:
            break;
        }
        return "statistical";
    }

    static int onMetadata(readstat_metadata_t* metadata, void* context)
    {
        auto& self = *static_cast<StatisticalRead*>(context);
        const int columns = readstat_get_var_count(metadata);
        if (columns > 0 && static_cast<std::size_t>(columns) > self.m_request.maxColumns) {
            self.m_stop = Stop::TooManyColumns;
            return READSTAT_HANDLER_ABORT;
        }
        const int rows = readstat_get_row_count(metadata);
        try {
            // The table the header claims must fit in memory before a row is read (#19); a claim
            // that is a lie ends the load as early.
            const ClaimedShape shape{rows > 0 ? static_cast<std::uint64_t>(rows) : 0,
                                     columns > 0 ? static_cast<std::uint64_t>(columns) : 0};
            checkClaimedShape(shape, self.m_request.location, memoryAvailableToProcess());
        } catch (const LoadError&) {
            // Exceptions must not cross ReadStat's C frames: run() rethrows it.
            self.m_tooLarge = std::current_exception();
            self.m_stop = Stop::TooLarge;
            return READSTAT_HANDLER_ABORT;
        }
        self.m_claimedRows = rows > 0 ? static_cast<std::uint64_t>(rows) : 0;
        if (rows > 0) {
            std::uint64_t expected = static_cast<std::uint64_t>(rows);
            if (self.m_request.rowLimit)
                expected = std::min(expected, *self.m_request.rowLimit);
            self.m_builder.reserveRows(static_cast<std::size_t>(std::min(expected, maxReservedRows)));
        }
        return READSTAT_HANDLER_OK;
    }

    static int onVariable(int index, readstat_variable_t* variable, const char* labelSet, void* context)
    {
        auto& self = *static_cast<StatisticalRead*>(context);
        if (index < 0 || static_cast<std::size_t>(index) != self.m_variables.size())
            return READSTAT_HANDLER_ABORT;
        if (self.m_variables.size() >= self.m_request.maxColumns) {
            self.m_stop = Stop::TooManyColumns;
            return READSTAT_HANDLER_ABORT;
        }
        Variable info;
        info.isString = readstat_variable_get_type_class(variable) == READSTAT_TYPE_CLASS_STRING;
        if (!info.isString)
            info.conversion = self.conversionOf(variable);
        if (labelSet != nullptr)
            info.labelSet = labelSet;
        self.m_rowBytes += readstat_variable_get_storage_width(variable);
        self.m_variables.push_back(std::move(info));
        self.m_builder.widen(self.m_variables.size());
        EncodedColumn& column = self.m_builder.column(self.m_variables.size() - 1);
        const std::size_t number = self.m_variables.size();
        self.m_builder.setName(number - 1, self.utf8Text(readstat_variable_get_name(variable), [number] {
            return "the name of variable " + std::to_string(number);
        }));
        column.description = self.utf8Text(readstat_variable_get_label(variable),
                                           [&column] { return "the label of variable '" + column.name + "'"; });
        return READSTAT_HANDLER_OK;
    }

    Conversion conversionOf(readstat_variable_t* variable) const
    {
        return conversionFor(m_format, readstat_variable_get_format(variable));
    }

    static int onValue(int row, readstat_variable_t* variable, readstat_value_t value, void* context)
    {
        auto& self = *static_cast<StatisticalRead*>(context);
        const int index = readstat_variable_get_index(variable);
        if (row < 0 || index < 0 || static_cast<std::size_t>(index) >= self.m_variables.size())
            return READSTAT_HANDLER_ABORT;
        const auto record = static_cast<std::uint64_t>(row);
        if (record < self.m_builder.rowCount())
            return READSTAT_HANDLER_ABORT;
        while (record > self.m_builder.rowCount()) {
            self.m_builder.endRow();
            self.m_rowOpen = false;
            if (self.m_request.stop.stop_requested()) {
                self.m_stop = Stop::Cancelled;
                return READSTAT_HANDLER_ABORT;
            }
        }
        if (record >= self.m_request.maxRows) {
            self.m_stop = Stop::TooManyRows;
            return READSTAT_HANDLER_ABORT;
        }
        self.m_rowOpen = true;
        const Variable& info = self.m_variables[static_cast<std::size_t>(index)];
        CellText cell;
        if (info.isString || readstat_value_type_class(value) == READSTAT_TYPE_CLASS_STRING) {
            cell.text = self.utf8Text(readstat_string_value(value), [&self, index, record] {
                return "record " + std::to_string(record + 1) + " of variable '" +
                       self.m_builder.column(static_cast<std::size_t>(index)).name + "'";
            });
            cell.missing = readstat_value_is_missing(value, variable) != 0;
        } else {
            cell = numericText(value, info.conversion);
            cell.missing = cell.missing || readstat_value_is_defined_missing(value, variable) != 0;
        }
        self.m_builder.append(static_cast<std::size_t>(index), cell.text, cell.missing);
        return READSTAT_HANDLER_OK;
    }

    static int onValueLabel(const char* labelSet, readstat_value_t value, const char* label, void* context)
    {
        auto& self = *static_cast<StatisticalRead*>(context);
        if (labelSet == nullptr || label == nullptr)
            return READSTAT_HANDLER_OK;
        const auto where = [] { return std::string("a value label"); };
        RawLabel raw{value, {}, self.utf8Text(label, where)};
        if (readstat_value_type_class(value) == READSTAT_TYPE_CLASS_STRING)
            raw.stringValue = self.utf8Text(readstat_string_value(value), where);
        self.m_labelSets[labelSet].push_back(std::move(raw));
        return READSTAT_HANDLER_OK;
    }

    static void onError(const char* message, void* context)
    {
        auto& self = *static_cast<StatisticalRead*>(context);
        if (message == nullptr || !self.m_message.empty())
            return;
        self.m_message = message;
        while (!self.m_message.empty() && std::isspace(static_cast<unsigned char>(self.m_message.back())) != 0)
            self.m_message.pop_back();
    }

    static int onProgress(double fraction, void* context)
    {
        auto& self = *static_cast<StatisticalRead*>(context);
        if (self.m_request.stop.stop_requested()) {
            self.m_stop = Stop::Cancelled;
            return READSTAT_HANDLER_ABORT;
        }
        const auto total = static_cast<double>(self.m_input.bytes.size());
        self.m_reporter.advance(static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * total));
        return READSTAT_HANDLER_OK;
    }

    /// `text` as UTF-8. Texts that are not were written in a legacy encoding the file does not declare
    /// (SAS transport files declare none; others may declare one wrongly): they are read as
    /// Windows-1252, the usual one for such files (Latin-1's printable characters included), and
    /// the first is remembered for the load's warning, described by `where()`.
    template <typename Where>
    std::string utf8Text(const char* text, const Where& where)
    {
        const std::string_view bytes = text == nullptr ? std::string_view() : std::string_view(text);
        if (!scanText(bytes).firstInvalidUtf8)
            return std::string(bytes);
        if (m_firstTranscoded.empty())
            m_firstTranscoded = where();
        return windows1252ToUtf8(bytes);
    }

    /// Gives each column the labels of its label set, their values printed as its cells are.
    void attachValueLabels()
    {
        for (std::size_t c = 0; c < m_variables.size(); ++c) {
            const Variable& info = m_variables[c];
            const auto set = m_labelSets.find(info.labelSet);
            if (info.labelSet.empty() || set == m_labelSets.end())
                continue;
            EncodedColumn& column = m_builder.column(c);
            for (const RawLabel& raw : set->second) {
                const bool stringValue = readstat_value_type_class(raw.value) == READSTAT_TYPE_CLASS_STRING;
                if (stringValue != info.isString)
                    continue;
                std::string value = stringValue ? raw.stringValue : numericText(raw.value, info.conversion).text;
                column.valueLabels.push_back({std::move(value), raw.label});
            }
            column.labelsShown = m_request.options.valueLabels && !column.valueLabels.empty();
        }
    }

    const ReadRequest& m_request;
    SourceFormat m_format;
    TableBuilder m_builder;
    ProgressReporter m_reporter;
    MemoryInput m_input;
    std::vector<Variable> m_variables;
    std::map<std::string, std::vector<RawLabel>> m_labelSets;
    std::string m_message;
    Stop m_stop = Stop::None;
    /// The LoadError checkClaimedShape threw, when m_stop is TooLarge.
    std::exception_ptr m_tooLarge;
    bool m_rowOpen = false;
    /// The row count the file states; 0 where it states none.
    std::uint64_t m_claimedRows = 0;
    /// Bytes of one row as stored: the sum of the variables' widths.
    std::size_t m_rowBytes = 0;
    /// Where the first text that was not UTF-8 was (empty while there was none).
    std::string m_firstTranscoded;
};

} // namespace

EncodedTable readStatisticalBuffer(std::string_view bytes, const ReadRequest& request, SourceFormat format)
{
    if (bytes.empty())
        failLoad(LoadErrorKind::EmptyFile, request.location, 0, 0, {}, "the file is empty");
    return StatisticalRead(bytes, request, format).run();
}

EncodedTable readStatisticalFile(const ReadRequest& request, SourceFormat format)
{
    return readMappedFile(request.location, [&](const MappedFile& mapped) {
        return readStatisticalBuffer(mapped.bytes(), request, format);
    });
}

} // namespace qiscout::core
