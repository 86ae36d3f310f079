// SPDX-License-Identifier: GPL-3.0-or-later
// Over 400 lines: a workbook is five kinds of XML part (package and workbook relationships,
// workbook, shared strings, styles, worksheet) that only make sense read together.
#include "io/excel/xlsx_reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>
#include <utility>

#include "qiscout/core/util/out_of_memory.h"

#include "io/excel/excel_number_format.h"
#include "io/excel/xml_stream.h"
#include "io/excel/zip_archive.h"
#include "io/reading/load_failure.h"
#include "io/reading/mapped_read.h"
#include "io/reading/progress_reporter.h"
#include "io/reading/table_builder.h"

namespace qiscout::core {
namespace {

constexpr std::size_t progressStepBytes = std::size_t{1} << 20;
/// Rows between two looks at the stop token.
constexpr std::uint64_t rowsPerStopCheck = 1024;

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

/// A part named by a relationship target, relative to the folder of the part that names it.
std::string resolvePart(const std::string& folder, const std::string& target)
{
    std::string path = !target.empty() && target.front() == '/' ? target.substr(1) : folder + target;
    std::vector<std::string> segments;
    std::size_t begin = 0;
    while (begin <= path.size()) {
        const std::size_t end = std::min(path.find('/', begin), path.size());
        const std::string segment = path.substr(begin, end - begin);
        if (segment == "..") {
            if (!segments.empty())
                segments.pop_back();
        } else if (!segment.empty() && segment != ".") {
            segments.push_back(segment);
        }
        begin = end + 1;
    }
    std::string joined;
    for (const auto& segment : segments)
        joined += (joined.empty() ? "" : "/") + segment;
    return joined;
}

std::string folderOf(const std::string& part)
{
    const std::size_t slash = part.rfind('/');
    return slash == std::string::npos ? std::string() : part.substr(0, slash + 1);
}

std::string relationshipsOf(const std::string& part)
{
    const std::size_t slash = part.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : part.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? part : part.substr(slash + 1);
    return folder + "_rels/" + name + ".rels";
}

/// Parses a whole part; a document that is not well-formed fails as Malformed naming the part.
/// Such parts (shared strings, styles) are held whole, about twice over: a 1 MB workbook whose
/// shared strings inflated to 1 GB took 2.1 GB and ten minutes, so a part that would need more
/// than the memory the process may use is refused, before inflating when its declared size says so.
void parsePart(const ZipArchive& archive, const std::string& part, XmlHandler& handler, const std::string& file)
{
    XmlStream stream(handler);
    constexpr std::uint64_t heldCopies = 2;
    archive.stream(
        part,
        [&](std::string_view piece) {
            if (!stream.feed(piece, false))
                failLoad(LoadErrorKind::Malformed, file, 0, 0, "part " + part + ", " + stream.error(),
                         "the workbook's XML is not well-formed");
            return true;
        },
        memoryAvailableToProcess(), heldCopies);
    if (!stream.feed({}, true))
        failLoad(LoadErrorKind::Malformed, file, 0, 0, "part " + part + ", " + stream.error(),
                 "the workbook's XML is not well-formed");
}

struct Relationship {
    std::string type;
    std::string target;
};

class RelationshipsHandler : public XmlHandler {
public:
    std::map<std::string, Relationship> byId;

    void startElement(std::string_view name, const char** attributes) override
    {
        if (name != "Relationship")
            return;
        const char* id = xmlAttribute(attributes, "Id");
        const char* type = xmlAttribute(attributes, "Type");
        const char* target = xmlAttribute(attributes, "Target");
        if (id != nullptr && target != nullptr)
            byId[id] = {type == nullptr ? std::string() : std::string(type), target};
    }
    void endElement(std::string_view /*name*/) override {}
    void characters(std::string_view /*text*/) override {}

    [[nodiscard]] std::optional<std::string> targetOfType(std::string_view typeSuffix) const
    {
        for (const auto& [id, relationship] : byId)
            if (endsWith(relationship.type, typeSuffix))
                return relationship.target;
        return std::nullopt;
    }
};

struct SheetEntry {
    std::string name;
    std::string relationship;
};

class WorkbookHandler : public XmlHandler {
public:
    std::vector<SheetEntry> sheets;
    bool date1904 = false;

    void startElement(std::string_view name, const char** attributes) override
    {
        if (name == "workbookPr") {
            const char* value = xmlAttribute(attributes, "date1904");
            date1904 = value != nullptr && (std::string_view(value) == "1" || std::string_view(value) == "true");
        } else if (name == "sheet") {
            const char* sheetName = xmlAttribute(attributes, "name");
            const char* id = xmlAttribute(attributes, "id");
            if (sheetName != nullptr && id != nullptr)
                sheets.push_back({sheetName, id});
        }
    }
    void endElement(std::string_view /*name*/) override {}
    void characters(std::string_view /*text*/) override {}
};

/// Shared strings: the text of each <si>, rich-text runs joined, phonetic runs left out.
class SharedStringsHandler : public XmlHandler {
public:
    std::vector<std::string> strings;

    void startElement(std::string_view name, const char** /*attributes*/) override
    {
        if (name == "si") {
            strings.emplace_back();
            m_inItem = true;
        } else if (name == "rPh") {
            m_inPhonetic = true;
        } else if (name == "t") {
            m_inText = m_inItem && !m_inPhonetic;
        }
    }
    void endElement(std::string_view name) override
    {
        if (name == "si")
            m_inItem = false;
        else if (name == "rPh")
            m_inPhonetic = false;
        else if (name == "t")
            m_inText = false;
    }
    void characters(std::string_view text) override
    {
        if (m_inText)
            strings.back() += text;
    }

private:
    bool m_inItem = false;
    bool m_inPhonetic = false;
    bool m_inText = false;
};

/// Styles: each cell format's number format code.
class StylesHandler : public XmlHandler {
public:
    std::map<std::uint32_t, std::string> customFormats;
    std::vector<std::uint32_t> cellFormatIds;

    void startElement(std::string_view name, const char** attributes) override
    {
        if (name == "numFmt") {
            const char* id = xmlAttribute(attributes, "numFmtId");
            const char* code = xmlAttribute(attributes, "formatCode");
            if (id != nullptr && code != nullptr)
                customFormats[static_cast<std::uint32_t>(std::strtoul(id, nullptr, 10))] = code;
        } else if (name == "cellXfs") {
            m_inCellFormats = true;
        } else if (name == "xf" && m_inCellFormats) {
            const char* id = xmlAttribute(attributes, "numFmtId");
            cellFormatIds.push_back(id == nullptr ? 0 : static_cast<std::uint32_t>(std::strtoul(id, nullptr, 10)));
        }
    }
    void endElement(std::string_view name) override
    {
        if (name == "cellXfs")
            m_inCellFormats = false;
    }
    void characters(std::string_view /*text*/) override {}

    [[nodiscard]] std::string formatCode(std::uint32_t style) const
    {
        if (style >= cellFormatIds.size())
            return "General";
        const std::uint32_t id = cellFormatIds[style];
        const auto custom = customFormats.find(id);
        return custom != customFormats.end() ? custom->second : builtinExcelFormat(id);
    }

private:
    bool m_inCellFormats = false;
};

/// "B" of "B7" as 0-based column 1 and "7" as row 7; nullopt when the reference is malformed.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parseCellReference(std::string_view reference)
{
    std::uint64_t column = 0;
    std::size_t i = 0;
    while (i < reference.size() && std::isalpha(static_cast<unsigned char>(reference[i])) != 0 && i < 4) {
        column =
            column * 26 + static_cast<std::uint64_t>(std::toupper(static_cast<unsigned char>(reference[i])) - 'A' + 1);
        ++i;
    }
    std::uint64_t row = 0;
    const auto result = std::from_chars(reference.data() + i, reference.data() + reference.size(), row);
    if (i == 0 || result.ec != std::errc() || result.ptr != reference.data() + reference.size() || row == 0)
        return std::nullopt;
    return std::make_pair(column - 1, row);
}

std::string columnLetters(std::uint64_t column)
{
    std::string letters;
    for (std::uint64_t n = column + 1; n > 0; n = (n - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
    return letters;
}

/// Everything a worksheet read needs besides the sheet itself.
struct SheetContext {
    const ReadRequest& request;
    const std::string& sheetName;
    const std::vector<std::string>& sharedStrings;
    const StylesHandler& styles;
    bool date1904 = false;
};

class SheetHandler : public XmlHandler {
public:
    SheetHandler(const SheetContext& context, TableBuilder& builder)
        : m_context(context)
        , m_builder(builder)
        , m_header(context.request.options.hasHeader.value_or(true))
    {}

    /// Set once the rows asked for (a preview) have been read.
    bool done = false;
    std::uint64_t emptyRows = 0;
    bool sawHeader = false;
    XmlStream* stream = nullptr;

    void startElement(std::string_view name, const char** attributes) override
    {
        if (name == "row") {
            const char* number = xmlAttribute(attributes, "r");
            std::uint64_t row = m_row + 1;
            if (number != nullptr) {
                const std::string_view text(number);
                if (std::from_chars(text.data(), text.data() + text.size(), row).ec != std::errc() || row == 0)
                    fail(m_row + 1, 0, "row number \"" + std::string(text) + "\" is not a number");
            }
            if (row <= m_row)
                fail(row, 0, "row " + std::to_string(row) + " comes after row " + std::to_string(m_row));
            m_row = row;
            m_column = 0;
            m_cellSeen = false;
            m_cells.clear();
        } else if (name == "c") {
            const char* reference = xmlAttribute(attributes, "r");
            std::uint64_t column = m_cellSeen ? m_column + 1 : 0;
            if (reference != nullptr) {
                const auto parsed = parseCellReference(reference);
                if (!parsed || parsed->second != m_row)
                    fail(m_row, 0,
                         "cell reference \"" + std::string(reference) + "\" is not in row " + std::to_string(m_row));
                column = parsed->first;
            }
            if (m_cellSeen && column <= m_column)
                fail(m_row, column + 1,
                     "cell " + columnLetters(column) + std::to_string(m_row) + " appears out of order");
            m_column = column;
            m_cellSeen = true;
            const char* type = xmlAttribute(attributes, "t");
            m_type = type == nullptr ? "n" : type;
            const char* style = xmlAttribute(attributes, "s");
            m_style = style == nullptr ? 0 : static_cast<std::uint32_t>(std::strtoul(style, nullptr, 10));
            m_value.clear();
            m_inline.clear();
            m_inCell = true;
        } else if (name == "v" && m_inCell) {
            m_capture = Capture::Value;
        } else if (name == "is" && m_inCell) {
            m_inInline = true;
        } else if (name == "rPh") {
            m_inPhonetic = true;
        } else if (name == "t" && m_inInline && !m_inPhonetic) {
            m_capture = Capture::Inline;
        }
    }

    void endElement(std::string_view name) override
    {
        if (name == "v" || name == "t") {
            m_capture = Capture::None;
        } else if (name == "rPh") {
            m_inPhonetic = false;
        } else if (name == "is") {
            m_inInline = false;
        } else if (name == "c" && m_inCell) {
            m_inCell = false;
            std::string text = cellText();
            if (!text.empty()) {
                if (m_column >= m_context.request.maxColumns)
                    failLoad(LoadErrorKind::TooManyColumns, m_context.request.location, m_row, m_column + 1,
                             where(m_row, m_column),
                             "the sheet has more than the " + std::to_string(m_context.request.maxColumns) +
                                 " columns a table may have");
                m_cells.emplace_back(m_column, std::move(text));
            }
        } else if (name == "row") {
            finishRow();
        }
    }

    void characters(std::string_view text) override
    {
        if (m_capture == Capture::Value)
            m_value += text;
        else if (m_capture == Capture::Inline)
            m_inline += text;
    }

private:
    enum class Capture { None, Value, Inline };

    [[nodiscard]] std::string where(std::uint64_t row, std::uint64_t column) const
    {
        return "sheet '" + m_context.sheetName + "', cell " + columnLetters(column) + std::to_string(row);
    }

    [[noreturn]] void fail(std::uint64_t row, std::uint64_t column, const std::string& detail) const
    {
        const std::string place =
            "sheet '" + m_context.sheetName + "', " +
            (column > 0 ? "cell " + columnLetters(column - 1) + std::to_string(row) : "row " + std::to_string(row));
        failLoad(LoadErrorKind::Malformed, m_context.request.location, row, column, place, detail);
    }

    std::string cellText()
    {
        if (m_type == "s") {
            std::size_t index = 0;
            const auto result = std::from_chars(m_value.data(), m_value.data() + m_value.size(), index);
            if (result.ec != std::errc() || result.ptr != m_value.data() + m_value.size() ||
                index >= m_context.sharedStrings.size())
                fail(m_row, m_column + 1, "the cell names shared string \"" + m_value + "\", which does not exist");
            return m_context.sharedStrings[index];
        }
        if (m_type == "inlineStr")
            return m_inline;
        if (m_type == "b")
            return m_value.empty() ? std::string() : m_value == "0" ? "FALSE" : "TRUE";
        if (m_type == "str" || m_type == "e" || m_type == "d" || m_value.empty())
            return m_value;
        char* end = nullptr;
        const double number = std::strtod(m_value.c_str(), &end);
        if (end != m_value.c_str() + m_value.size())
            fail(m_row, m_column + 1, "the number \"" + m_value + "\" is not a number");
        return formatExcelNumber(number, m_context.styles.formatCode(m_style), m_context.date1904);
    }

    void finishRow()
    {
        if (m_cells.empty()) {
            if (sawHeader || !m_header)
                ++emptyRows;
            return;
        }
        if (m_header && !sawHeader) {
            sawHeader = true;
            m_builder.widen(m_cells.back().first + 1);
            for (auto& [column, text] : m_cells)
                m_builder.setName(column, std::move(text));
            return;
        }
        sawHeader = true;
        const std::uint64_t rows = m_builder.rowCount();
        if (rows >= m_context.request.maxRows)
            failLoad(LoadErrorKind::TooManyRows, m_context.request.location, m_row, 0,
                     "sheet '" + m_context.sheetName + "', row " + std::to_string(m_row),
                     "the table has more than " + std::to_string(m_context.request.maxRows) + " rows");
        if (rows % rowsPerStopCheck == 0)
            throwIfCancelled(m_context.request.stop, m_context.request.location);
        m_builder.widen(std::max<std::size_t>(m_builder.columnCount(), m_cells.back().first + 1));
        for (const auto& [column, text] : m_cells)
            m_builder.append(column, text);
        m_builder.endRow();
        if (m_context.request.rowLimit && m_builder.rowCount() >= *m_context.request.rowLimit) {
            done = true;
            stream->stop();
        }
    }

    const SheetContext& m_context;
    TableBuilder& m_builder;
    bool m_header;
    std::uint64_t m_row = 0;
    std::uint64_t m_column = 0;
    bool m_cellSeen = false;
    std::vector<std::pair<std::uint64_t, std::string>> m_cells;
    std::string m_type;
    std::uint32_t m_style = 0;
    std::string m_value;
    std::string m_inline;
    bool m_inCell = false;
    bool m_inInline = false;
    bool m_inPhonetic = false;
    Capture m_capture = Capture::None;
};

/// The parts of a workbook found through its relationships.
struct Workbook {
    std::string part;
    std::vector<SheetEntry> sheets;
    RelationshipsHandler relationships;
    bool date1904 = false;
};

Workbook openWorkbook(const ZipArchive& archive, const std::string& file)
{
    Workbook workbook;
    RelationshipsHandler package;
    if (archive.entrySize("_rels/.rels"))
        parsePart(archive, "_rels/.rels", package, file);
    workbook.part = resolvePart("", package.targetOfType("/officeDocument").value_or("xl/workbook.xml"));
    if (!archive.entrySize(workbook.part))
        failLoad(LoadErrorKind::Malformed, file, 0, 0, {},
                 "it is not an Excel workbook (the archive has no part " + workbook.part + ")");
    WorkbookHandler handler;
    parsePart(archive, workbook.part, handler, file);
    workbook.sheets = std::move(handler.sheets);
    workbook.date1904 = handler.date1904;
    const std::string relationships = relationshipsOf(workbook.part);
    if (archive.entrySize(relationships))
        parsePart(archive, relationships, workbook.relationships, file);
    return workbook;
}

std::string quotedList(const std::vector<SheetEntry>& sheets)
{
    std::string list;
    for (const auto& sheet : sheets)
        list += (list.empty() ? "'" : ", '") + sheet.name + "'";
    return list;
}

const SheetEntry& chooseSheet(const Workbook& workbook, const std::string& wanted, const std::string& file)
{
    if (workbook.sheets.empty())
        failLoad(LoadErrorKind::EmptyFile, file, 0, 0, {}, "the workbook has no sheets");
    if (wanted.empty())
        return workbook.sheets.front();
    for (const auto& sheet : workbook.sheets)
        if (sheet.name == wanted)
            return sheet;
    failLoad(LoadErrorKind::NoSuchTable, file, 0, 0, {},
             "the workbook has no sheet '" + wanted + "' (its sheets: " + quotedList(workbook.sheets) + ")");
}

EncodedTable readSheet(const ZipArchive& archive, const Workbook& workbook, const ReadRequest& request)
{
    const std::string& file = request.location;
    const SheetEntry& sheet = chooseSheet(workbook, request.options.sheet, file);
    const auto relationship = workbook.relationships.byId.find(sheet.relationship);
    if (relationship == workbook.relationships.byId.end())
        failLoad(LoadErrorKind::Malformed, file, 0, 0, {},
                 "the workbook does not say where sheet '" + sheet.name + "' is");
    if (!endsWith(relationship->second.type, "/worksheet"))
        failLoad(LoadErrorKind::NoSuchTable, file, 0, 0, {},
                 "sheet '" + sheet.name + "' is a chart, not a table of cells");
    const std::string folder = folderOf(workbook.part);
    const std::string sheetPart = resolvePart(folder, relationship->second.target);

    SharedStringsHandler strings;
    if (const auto target = workbook.relationships.targetOfType("/sharedStrings"))
        if (const std::string part = resolvePart(folder, *target); archive.entrySize(part))
            parsePart(archive, part, strings, file);
    StylesHandler styles;
    if (const auto target = workbook.relationships.targetOfType("/styles"))
        if (const std::string part = resolvePart(folder, *target); archive.entrySize(part))
            parsePart(archive, part, styles, file);

    TableBuilder builder(file, request.options.missingTokens);
    builder.setSourcePart(sheet.name);
    const SheetContext context{request, sheet.name, strings.strings, styles, workbook.date1904};
    SheetHandler handler(context, builder);
    XmlStream stream(handler);
    handler.stream = &stream;
    const auto size = archive.entrySize(sheetPart);
    if (!size)
        failLoad(LoadErrorKind::Malformed, file, 0, 0, {}, "the workbook has no part " + sheetPart);
    ProgressReporter reporter(request.progress, *size, progressStepBytes);
    std::uint64_t consumed = 0;
    const auto malformed = [&] {
        failLoad(LoadErrorKind::Malformed, file, 0, 0,
                 "sheet '" + sheet.name + "' (" + sheetPart + ", " + stream.error() + ")",
                 "the sheet's XML is not well-formed");
    };
    archive.stream(sheetPart, [&](std::string_view piece) {
        throwIfCancelled(request.stop, file);
        if (!stream.feed(piece, false)) {
            if (handler.done)
                return false;
            malformed();
        }
        consumed += piece.size();
        reporter.advance(consumed);
        return true;
    });
    if (!handler.done && !stream.feed({}, true))
        malformed();
    throwIfCancelled(request.stop, file);
    if (!handler.sawHeader)
        failLoad(LoadErrorKind::EmptyFile, file, 0, 0, {}, "sheet '" + sheet.name + "' holds no cells");
    if (builder.rowCount() == 0 && !(request.rowLimit && *request.rowLimit == 0))
        failLoad(LoadErrorKind::HeaderOnly, file, 0, 0, {},
                 "sheet '" + sheet.name + "' holds a header row but no data rows");
    if (handler.emptyRows > 0)
        builder.addWarning("Ignored " + std::to_string(handler.emptyRows) + " empty row" +
                           (handler.emptyRows == 1 ? "" : "s") + " in sheet '" + sheet.name + "'.");
    reporter.finish();
    return builder.finish();
}

} // namespace

EncodedTable readExcelBuffer(std::string_view bytes, const ReadRequest& request)
{
    throwIfCancelled(request.stop, request.location);
    if (bytes.empty())
        failLoad(LoadErrorKind::EmptyFile, request.location, 0, 0, {}, "the file is empty");
    const ZipArchive archive(bytes, request.location);
    const Workbook workbook = openWorkbook(archive, request.location);
    return readSheet(archive, workbook, request);
}

EncodedTable readExcelFile(const ReadRequest& request)
{
    return readMappedFile(request.location,
                          [&](const MappedFile& mapped) { return readExcelBuffer(mapped.bytes(), request); });
}

std::vector<std::string> listExcelSheets(const std::string& path)
{
    return readMappedFile(path, [&](const MappedFile& mapped) {
        if (mapped.bytes().empty())
            failLoad(LoadErrorKind::EmptyFile, path, 0, 0, {}, "the file is empty");
        const ZipArchive archive(mapped.bytes(), path);
        std::vector<std::string> names;
        for (const auto& sheet : openWorkbook(archive, path).sheets)
            names.push_back(sheet.name);
        return names;
    });
}

} // namespace qiscout::core
