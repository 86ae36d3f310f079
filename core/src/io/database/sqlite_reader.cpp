// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/database/sqlite_reader.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>

#include <sqlite3.h>

#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/util/display_text.h"

#include "io/reading/load_failure.h"
#include "io/reading/progress_reporter.h"
#include "io/reading/table_builder.h"
#include "io/reading/text_encoding.h"
#include "io/reading/value_text.h"

namespace qiscout::core {
namespace {

/// SQLite virtual-machine steps between two looks at the stop token.
constexpr int stepsPerStopCheck = 10'000;
constexpr std::size_t sqliteProgressStepRows = 10'000;

using Database = std::unique_ptr<sqlite3, int (*)(sqlite3*)>;
using Statement = std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)>;

std::string quoteIdentifier(std::string_view name)
{
    std::string quoted = "\"";
    for (const char c : name) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::string hexText(const void* data, int size)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string text = "\\x";
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (int i = 0; i < size; ++i) {
        text += digits[bytes[i] >> 4];
        text += digits[bytes[i] & 15];
    }
    return text;
}

class SqliteRead {
public:
    SqliteRead(const ReadRequest& request, std::string file) : m_request(request), m_file(std::move(file)) {}

    Database openFile() const
    {
        // SQLite's own open() blocks on a FIFO and reads whatever a device gives: only a regular
        // file reaches it (#19).
        try {
            static_cast<void>(RegularFile(m_file));
        } catch (const FileReadError& error) {
            throw LoadError(LoadErrorKind::Unreadable, m_file, 0, 0, error.what());
        }
        sqlite3* handle = nullptr;
        const int status =
            sqlite3_open_v2(m_file.c_str(), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
        Database database(handle, sqlite3_close);
        if (status != SQLITE_OK)
            failLoad(LoadErrorKind::Unreadable, m_file, 0, 0, {},
                     std::string("the database cannot be opened (") +
                         (handle != nullptr ? sqlite3_errmsg(handle) : sqlite3_errstr(status)) + ")");
        checkCellSizes(handle);
        return database;
    }

    Database openImage(std::string_view bytes) const
    {
        sqlite3* handle = nullptr;
        sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
        Database database(handle, sqlite3_close);
        auto* image = static_cast<unsigned char*>(sqlite3_malloc64(std::max<std::size_t>(bytes.size(), 1)));
        if (handle == nullptr || image == nullptr) {
            sqlite3_free(image);
            failLoad(LoadErrorKind::Unreadable, m_file, 0, 0, {}, "out of memory");
        }
        std::memcpy(image, bytes.data(), bytes.size());
        const auto size = static_cast<sqlite3_int64>(bytes.size());
        if (sqlite3_deserialize(handle, "main", image, size, size,
                                SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY) != SQLITE_OK)
            fail(handle, LoadErrorKind::Malformed, {});
        checkCellSizes(handle);
        return database;
    }

    EncodedTable read(sqlite3* database)
    {
        sqlite3_progress_handler(database, stepsPerStopCheck, &SqliteRead::onProgress, this);
        std::string sql;
        std::string part;
        std::uint64_t total = 0;
        if (!m_request.options.query.empty()) {
            sql = m_request.options.query;
            part = m_request.options.query;
        } else {
            part = m_request.options.table.empty() ? onlyTable(database) : m_request.options.table;
            const ExistingTable table = existingTable(database, part);
            sql = "SELECT * FROM " + table.quoted;
            // Counting a view's rows would compute it twice, and never end for an endless one.
            if (table.view)
                m_viewDeadline = std::chrono::steady_clock::now() + m_request.viewTimeBudget;
            else
                total = countRows(database, table.quoted);
        }
        Statement statement = prepare(database, sql);
        if (sqlite3_stmt_readonly(statement.get()) == 0)
            failLoad(LoadErrorKind::DatabaseError, m_file, 0, 0, "query", "the query would change the database");
        const int columns = sqlite3_column_count(statement.get());
        if (columns == 0)
            failLoad(LoadErrorKind::DatabaseError, m_file, 0, 0, "query", "the statement returns no columns");
        if (static_cast<std::size_t>(columns) > m_request.maxColumns)
            failLoad(LoadErrorKind::TooManyColumns, m_file, 0, m_request.maxColumns + 1, {},
                     "the result has " + std::to_string(columns) + " columns, more than the " +
                         std::to_string(m_request.maxColumns) + " a table may have");

        bool transcoded = false;
        std::string buffer;
        TableBuilder builder(m_file, m_request.options.missingTokens);
        builder.setSourcePart(std::string(utf8Text(part, buffer, transcoded)));
        builder.widen(static_cast<std::size_t>(columns));
        for (int c = 0; c < columns; ++c) {
            const char* name = sqlite3_column_name(statement.get(), c);
            builder.setName(static_cast<std::size_t>(c),
                            std::string(utf8Text(name == nullptr ? "" : name, buffer, transcoded)));
        }
        ProgressReporter reporter(m_request.progress, total, sqliteProgressStepRows);
        for (;;) {
            if (m_request.rowLimit && builder.rowCount() >= *m_request.rowLimit)
                break;
            const int status = sqlite3_step(statement.get());
            if (status == SQLITE_DONE)
                break;
            if (status != SQLITE_ROW) {
                throwIfCancelled(m_request.stop, m_file);
                if (m_overBudget)
                    failOverBudget(part, builder.rowCount());
                fail(database,
                     status == SQLITE_NOTADB || status == SQLITE_CORRUPT ? LoadErrorKind::Malformed
                                                                         : LoadErrorKind::DatabaseError,
                     "row " + std::to_string(builder.rowCount() + 1));
            }
            if (builder.rowCount() >= m_request.maxRows)
                failLoad(LoadErrorKind::TooManyRows, m_file, m_request.maxRows + 1, 0,
                         "row " + std::to_string(m_request.maxRows + 1),
                         "the table has more than " + std::to_string(m_request.maxRows) + " rows");
            if (m_viewDeadline && builder.rowCount() >= m_request.viewRowBudget)
                failOverBudget(part, builder.rowCount());
            for (int c = 0; c < columns; ++c)
                appendValue(builder, statement.get(), c, buffer, transcoded);
            builder.endRow();
            reporter.advance(builder.rowCount());
        }
        throwIfCancelled(m_request.stop, m_file);
        if (transcoded)
            builder.addWarning("Some text in the database is not valid UTF-8; it was read as Windows-1252.");
        if (builder.rowCount() == 0 && !(m_request.rowLimit && *m_request.rowLimit == 0))
            failLoad(LoadErrorKind::HeaderOnly, m_file, 0, 0, {}, "'" + part + "' holds no rows");
        reporter.finish();
        return builder.finish();
    }

    std::vector<std::string> tables(sqlite3* database) const
    {
        Statement statement = prepare(database, "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND "
                                                "name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid");
        std::vector<std::string> names;
        for (;;) {
            const int status = sqlite3_step(statement.get());
            if (status == SQLITE_DONE)
                return names;
            if (status != SQLITE_ROW)
                fail(database,
                     status == SQLITE_NOTADB || status == SQLITE_CORRUPT ? LoadErrorKind::Malformed
                                                                         : LoadErrorKind::DatabaseError,
                     {});
            names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(statement.get(), 0)));
        }
    }

    /// A table's name as the user sees it: UTF-8, read as Windows-1252 when it is not.
    static std::string shownName(const std::string& raw)
    {
        std::string buffer;
        bool transcoded = false;
        return std::string(utf8Text(raw, buffer, transcoded));
    }

private:
    /// Unchecked, SQLite does not bound a cell running past its page's end when it loads the page,
    /// and a corrupt file gave rows or an error as the heap's layout fell (the sqlite fuzzer's
    /// finding: one row then SQLITE_CORRUPT with glibc; in one ASan process three rows in 142 of
    /// 277 reads). Checked, such a page fails the same way on every read (#19).
    void checkCellSizes(sqlite3* database) const
    {
        if (sqlite3_exec(database, "PRAGMA cell_size_check = ON", nullptr, nullptr, nullptr) != SQLITE_OK)
            fail(database, LoadErrorKind::DatabaseError, {});
    }

    [[noreturn]] void fail(sqlite3* database, LoadErrorKind kind, const std::string& where) const
    {
        const int code = sqlite3_errcode(database);
        if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
            kind = LoadErrorKind::Malformed;
        // SQLite's own words, "attempt to write a readonly database", hide why a read wants to write.
        const int extended = sqlite3_extended_errcode(database);
        if (extended == SQLITE_READONLY_ROLLBACK || extended == SQLITE_READONLY_RECOVERY)
            failLoad(LoadErrorKind::DatabaseError, m_file, 0, 0, where,
                     std::string("the database has an unfinished transaction (") +
                         (extended == SQLITE_READONLY_ROLLBACK ? "a hot journal, " + m_file + "-journal"
                                                               : "a write-ahead log to recover, " + m_file + "-wal") +
                         ") that must be rolled back first, and QIScout opens databases read-only; open it once "
                         "with the program that wrote it, or with sqlite3, then load it again");
        failLoad(kind, m_file, 0, 0, where,
                 std::string(kind == LoadErrorKind::Malformed ? "it is not a readable SQLite database ("
                                                              : "the database reports: ") +
                     sqlite3_errmsg(database) + (kind == LoadErrorKind::Malformed ? ")" : ""));
    }

    /// Whether `name` (as stored) is a view in `schema` (quoted).
    bool isView(sqlite3* database, const std::string& schema, const std::string& name) const
    {
        Statement statement =
            prepare(database, "SELECT 1 FROM " + schema + ".sqlite_schema WHERE type = 'view' AND name = ?");
        sqlite3_bind_text(statement.get(), 1, name.data(), static_cast<int>(name.size()), SQLITE_STATIC);
        return sqlite3_step(statement.get()) == SQLITE_ROW;
    }

    /// A view past its budget (#39): what it is, what was read, and how to read it all the same.
    [[noreturn]] void failOverBudget(const std::string& view, std::uint64_t rows) const
    {
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(m_request.viewTimeBudget).count();
        failLoad(LoadErrorKind::DatabaseError, m_file, 0, 0, {},
                 "the view '" + shownName(view) + "' was still running after " +
                     (m_overBudget ? std::to_string(seconds) + " s" : groupDigits(rows) + " rows") +
                     ", the budget QIScout gives a view (" + groupDigits(m_request.viewRowBudget) + " rows, " +
                     std::to_string(seconds) +
                     " s), as a view may compute rows without end; to read it all the same, give the query "
                     "SELECT * FROM the view, which has no budget");
    }

    Statement prepare(sqlite3* database, const std::string& sql) const
    {
        sqlite3_stmt* handle = nullptr;
        const char* tail = nullptr;
        const int status = sqlite3_prepare_v2(database, sql.c_str(), static_cast<int>(sql.size()), &handle, &tail);
        Statement statement(handle, sqlite3_finalize);
        if (status != SQLITE_OK) {
            throwIfCancelled(m_request.stop, m_file);
            fail(database, LoadErrorKind::DatabaseError, "query");
        }
        if (!statement)
            failLoad(LoadErrorKind::DatabaseError, m_file, 0, 0, "query", "the query is empty");
        const std::string_view rest(tail == nullptr ? "" : tail);
        if (rest.find_first_not_of(" \t\r\n;") != std::string_view::npos)
            failLoad(LoadErrorKind::DatabaseError, m_file, 0, 0, "query", "give one statement, not several");
        return statement;
    }

    std::string onlyTable(sqlite3* database) const
    {
        const std::vector<std::string> names = tables(database);
        if (names.empty())
            failLoad(LoadErrorKind::EmptyFile, m_file, 0, 0, {}, "the database holds no tables");
        if (names.size() > 1)
            failLoad(LoadErrorKind::NoSuchTable, m_file, 0, 0, {},
                     "the database holds " + std::to_string(names.size()) + " tables (" + listed(names) +
                         "); choose one, or give a query");
        return names.front();
    }

    struct ExistingTable {
        std::string quoted;
        bool view = false;
    };

    /// The quoted table a name means: the table of that exact name, or of that name as listed
    /// (a name that is not UTF-8 is listed read as Windows-1252, and the table chooser gives that
    /// back), else "schema.table"; and whether it is a view.
    ExistingTable existingTable(sqlite3* database, const std::string& name) const
    {
        const std::vector<std::string> names = tables(database);
        if (std::find(names.begin(), names.end(), name) != names.end())
            return {quoteIdentifier(name), isView(database, "main", name)};
        const auto listedAs =
            std::find_if(names.begin(), names.end(), [&](const std::string& raw) { return shownName(raw) == name; });
        if (listedAs != names.end())
            return {quoteIdentifier(*listedAs), isView(database, "main", *listedAs)};
        const std::size_t dot = name.find('.');
        if (dot != std::string::npos) {
            const std::string schema = quoteIdentifier(name.substr(0, dot));
            const std::string qualified = schema + "." + quoteIdentifier(name.substr(dot + 1));
            sqlite3_stmt* probe = nullptr;
            const std::string sql = "SELECT * FROM " + qualified;
            if (sqlite3_prepare_v2(database, sql.c_str(), -1, &probe, nullptr) == SQLITE_OK) {
                sqlite3_finalize(probe);
                return {qualified, isView(database, schema, name.substr(dot + 1))};
            }
            sqlite3_finalize(probe);
        }
        failLoad(LoadErrorKind::NoSuchTable, m_file, 0, 0, {},
                 "the database has no table '" + name + "' (its tables: " + listed(names) + ")");
    }

    static std::string listed(const std::vector<std::string>& names)
    {
        std::string list;
        for (const auto& name : names)
            list += (list.empty() ? "'" : ", '") + shownName(name) + "'";
        return list.empty() ? "none" : list;
    }

    std::uint64_t countRows(sqlite3* database, const std::string& table) const
    {
        if (!m_request.progress || m_request.rowLimit)
            return 0;
        Statement statement = prepare(database, "SELECT count(*) FROM " + table);
        if (sqlite3_step(statement.get()) != SQLITE_ROW) {
            throwIfCancelled(m_request.stop, m_file);
            return 0;
        }
        return static_cast<std::uint64_t>(std::max<sqlite3_int64>(sqlite3_column_int64(statement.get(), 0), 0));
    }

    static void appendValue(TableBuilder& builder, sqlite3_stmt* statement, int column, std::string& buffer,
                            bool& transcoded)
    {
        const auto index = static_cast<std::size_t>(column);
        switch (sqlite3_column_type(statement, column)) {
        case SQLITE_NULL:
            builder.append(index, {}, true);
            return;
        case SQLITE_INTEGER:
            builder.append(index, std::to_string(sqlite3_column_int64(statement, column)));
            return;
        case SQLITE_FLOAT:
            builder.append(index, numberText(sqlite3_column_double(statement, column)));
            return;
        case SQLITE_BLOB: {
            const void* data = sqlite3_column_blob(statement, column);
            builder.append(index, hexText(data, sqlite3_column_bytes(statement, column)));
            return;
        }
        default:
            break;
        }
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
        const std::string_view value(text == nullptr ? "" : text,
                                     static_cast<std::size_t>(sqlite3_column_bytes(statement, column)));
        builder.append(index, utf8Text(value, buffer, transcoded));
    }

    /// SQLite does not check that TEXT, or a table's or column's name, is UTF-8: what is not is
    /// read as Windows-1252 into `buffer`, and `transcoded` set for the table's warning.
    static std::string_view utf8Text(std::string_view text, std::string& buffer, bool& transcoded)
    {
        if (!scanText(text).firstInvalidUtf8)
            return text;
        transcoded = true;
        buffer = windows1252ToUtf8(text);
        return buffer;
    }

    static int onProgress(void* context)
    {
        auto& self = *static_cast<SqliteRead*>(context);
        if (self.m_request.stop.stop_requested())
            return 1;
        if (self.m_viewDeadline && std::chrono::steady_clock::now() > *self.m_viewDeadline)
            self.m_overBudget = true;
        return self.m_overBudget ? 1 : 0;
    }

    const ReadRequest& m_request;
    std::string m_file;
    /// Set while a view is read: when its time budget ends.
    std::optional<std::chrono::steady_clock::time_point> m_viewDeadline;
    bool m_overBudget = false;
};

} // namespace

EncodedTable readSqlite(const ReadRequest& request)
{
    throwIfCancelled(request.stop, request.location);
    SqliteRead read(request, sourceFilePath(request.location));
    const Database database = read.openFile();
    return read.read(database.get());
}

EncodedTable readSqliteBuffer(std::string_view bytes, const ReadRequest& request)
{
    SqliteRead read(request, request.location);
    const Database database = read.openImage(bytes);
    return read.read(database.get());
}

std::vector<std::string> listSqliteTables(const std::string& location)
{
    const LoadOptions options;
    const LoadProgress progress;
    const ReadRequest request{location, options, {}, progress, {}};
    SqliteRead read(request, sourceFilePath(location));
    const Database database = read.openFile();
    std::vector<std::string> names = read.tables(database.get());
    std::transform(names.begin(), names.end(), names.begin(), &SqliteRead::shownName);
    return names;
}

} // namespace qiscout::core
