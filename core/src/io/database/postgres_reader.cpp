// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/database/postgres_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <stop_token>
#include <utility>

#include <libpq-fe.h>

#include "qiscout/core/io/reading/source_format.h"

#include "io/reading/load_failure.h"
#include "io/reading/progress_reporter.h"
#include "io/reading/table_builder.h"

namespace qiscout::core {
namespace {

constexpr std::size_t progressStepRows = 10'000;
constexpr const char* cursorName = "qiscout_rows";
/// SQLSTATE codes the reader words itself.
constexpr std::string_view undefinedTable = "42P01";
constexpr std::string_view readOnlyTransaction = "25006";

using Connection = std::unique_ptr<PGconn, void (*)(PGconn*)>;
using Result = std::unique_ptr<PGresult, void (*)(PGresult*)>;

/// One session with the server; every message it words is scrubbed of the password.
class PostgresSession {
public:
    PostgresSession(const std::string& connection, const std::string& password)
        : m_shown(withoutPassword(connection))
        , m_written(connection)
        , m_password(password)
        , m_connection(nullptr, PQfinish)
    {
        // Defaults go before dbname, so the user's connection string may override them; the
        // encoding and the password given apart go after, so they always apply.
        std::vector<const char*> keys = {"connect_timeout", "fallback_application_name", "dbname", "client_encoding"};
        std::vector<const char*> values = {"10", "qiscout", connection.c_str(), "UTF8"};
        if (!password.empty()) {
            keys.push_back("password");
            values.push_back(password.c_str());
        }
        keys.push_back(nullptr);
        values.push_back(nullptr);
        m_connection.reset(PQconnectdbParams(keys.data(), values.data(), 1));
        if (!m_connection)
            fail(LoadErrorKind::DatabaseError, {}, "out of memory");
        if (PQstatus(m_connection.get()) != CONNECTION_OK)
            fail(LoadErrorKind::DatabaseError, {}, "the server refused the connection: " + serverMessage());
        execute("SET DateStyle TO ISO, YMD", {});
    }

    [[nodiscard]] const std::string& shown() const { return m_shown; }
    [[nodiscard]] PGconn* get() const { return m_connection.get(); }

    [[noreturn]] void fail(LoadErrorKind kind, const std::string& where, const std::string& detail) const
    {
        failLoad(kind, m_shown, 0, 0, scrub(where), scrub(detail));
    }

    /// Runs one statement (no parameters, one statement only); throws on failure.
    Result execute(const std::string& sql, const std::string& where, const std::stop_token* stop = nullptr) const
    {
        Result result(PQexecParams(m_connection.get(), sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0), PQclear);
        const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
        if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
            return result;
        if (stop != nullptr)
            throwIfCancelled(*stop, m_shown);
        const char* state = result ? PQresultErrorField(result.get(), PG_DIAG_SQLSTATE) : nullptr;
        const std::string_view code = state == nullptr ? std::string_view() : std::string_view(state);
        if (code == readOnlyTransaction)
            fail(LoadErrorKind::DatabaseError, where, "the query would change the database");
        fail(code == undefinedTable ? LoadErrorKind::NoSuchTable : LoadErrorKind::DatabaseError, where,
             "the server reports: " + serverMessage());
    }

    [[nodiscard]] std::string quotedIdentifier(const std::string& name) const
    {
        char* quoted = PQescapeIdentifier(m_connection.get(), name.c_str(), name.size());
        if (quoted == nullptr)
            fail(LoadErrorKind::DatabaseError, {}, "the name '" + name + "' cannot be quoted: " + serverMessage());
        std::string text(quoted);
        PQfreemem(quoted);
        return text;
    }

    [[nodiscard]] std::string quotedLiteral(const std::string& text) const
    {
        char* quoted = PQescapeLiteral(m_connection.get(), text.c_str(), text.size());
        if (quoted == nullptr)
            fail(LoadErrorKind::DatabaseError, {}, "a name cannot be quoted: " + serverMessage());
        std::string literal(quoted);
        PQfreemem(quoted);
        return literal;
    }

    [[nodiscard]] std::vector<std::string> tables() const
    {
        const Result result = execute("SELECT table_schema, table_name FROM information_schema.tables WHERE "
                                      "table_schema NOT IN ('pg_catalog', 'information_schema') "
                                      "ORDER BY table_schema, table_name",
                                      "list of tables");
        std::vector<std::string> names;
        for (int row = 0; row < PQntuples(result.get()); ++row) {
            const std::string schema = PQgetvalue(result.get(), row, 0);
            const std::string name = PQgetvalue(result.get(), row, 1);
            names.push_back(schema == "public" ? name : schema + "." + name);
        }
        return names;
    }

private:
    [[nodiscard]] std::string serverMessage() const
    {
        std::string message = PQerrorMessage(m_connection.get());
        while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
            message.pop_back();
        for (std::size_t line = message.find('\n'); line != std::string::npos; line = message.find('\n', line))
            message.replace(line, 1, "; ");
        return message;
    }

    [[nodiscard]] std::string scrub(std::string text) const
    {
        return redactPassword(std::move(text), m_written, m_password);
    }

    std::string m_shown;
    /// The connection string as the user wrote it, and the password given apart from it.
    std::string m_written;
    std::string m_password;
    Connection m_connection;
};

std::string listed(const std::vector<std::string>& names)
{
    std::string list;
    for (const auto& name : names)
        list += (list.empty() ? "'" : ", '") + name + "'";
    return list.empty() ? "none" : list;
}

/// The query's text without the semicolons and blanks people end queries with.
std::string trimmedQuery(std::string query)
{
    while (!query.empty() && (query.back() == ';' || std::isspace(static_cast<unsigned char>(query.back())) != 0))
        query.pop_back();
    return query;
}

} // namespace

EncodedTable readPostgres(const ReadRequest& request)
{
    const std::string shown = withoutPassword(request.location);
    throwIfCancelled(request.stop, shown);
    const PostgresSession session(request.location, request.options.password);
    PGcancel* cancel = PQgetCancel(session.get());
    const std::unique_ptr<PGcancel, void (*)(PGcancel*)> cancelOwner(cancel, PQfreeCancel);
    // Cancelling interrupts a statement the server is still working on, not only between batches.
    const std::stop_callback interrupt(request.stop, [cancel] {
        char error[256];
        if (cancel != nullptr)
            PQcancel(cancel, error, sizeof error);
    });

    std::string sql;
    std::string part;
    std::string table;
    if (!request.options.query.empty()) {
        sql = trimmedQuery(request.options.query);
        part = request.options.query;
    } else {
        part = request.options.table;
        if (part.empty()) {
            const std::vector<std::string> names = session.tables();
            if (names.size() != 1)
                session.fail(names.empty() ? LoadErrorKind::EmptyFile : LoadErrorKind::NoSuchTable, {},
                             names.empty() ? "the database holds no tables this connection can read"
                                           : "the database holds " + std::to_string(names.size()) + " tables (" +
                                                 listed(names) + "); choose one, or give a query");
            part = names.front();
        }
        const std::size_t dot = part.find('.');
        table = dot == std::string::npos ? session.quotedIdentifier(part)
                                         : session.quotedIdentifier(part.substr(0, dot)) + "." +
                                               session.quotedIdentifier(part.substr(dot + 1));
        sql = "SELECT * FROM " + table;
    }

    static_cast<void>(session.execute("BEGIN READ ONLY", {}));
    std::uint64_t total = 0;
    if (!table.empty() && request.progress && !request.rowLimit) {
        // The planner's row estimate: free to get, and a count(*) would read the table twice.
        const Result estimate =
            session.execute("SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = to_regclass(" +
                                session.quotedLiteral(table) + ")",
                            {});
        if (PQntuples(estimate.get()) == 1)
            total = std::strtoull(PQgetvalue(estimate.get(), 0, 0), nullptr, 10);
    }
    try {
        static_cast<void>(session.execute("DECLARE " + std::string(cursorName) + " NO SCROLL CURSOR FOR " + sql,
                                          table.empty() ? "query" : "table '" + part + "'", &request.stop));
    } catch (const LoadError& error) {
        if (error.kind() != LoadErrorKind::NoSuchTable || table.empty())
            throw;
        // The failed statement aborted the transaction; the list needs a fresh one.
        static_cast<void>(session.execute("ROLLBACK", {}));
        session.fail(LoadErrorKind::NoSuchTable, {},
                     "the database has no table '" + part + "' (its tables: " + listed(session.tables()) + ")");
    }

    TableBuilder builder(shown, request.options.missingTokens);
    builder.setSourcePart(part);
    ProgressReporter reporter(request.progress, total, progressStepRows);
    bool named = false;
    for (;;) {
        std::uint64_t wanted = request.batchRows;
        if (request.rowLimit)
            wanted =
                std::min<std::uint64_t>(wanted, *request.rowLimit - std::min(*request.rowLimit, builder.rowCount()));
        if (wanted == 0)
            break;
        const Result batch = session.execute("FETCH FORWARD " + std::to_string(wanted) + " FROM " + cursorName,
                                             "row " + std::to_string(builder.rowCount() + 1), &request.stop);
        const int columns = PQnfields(batch.get());
        if (!named) {
            if (columns == 0)
                session.fail(LoadErrorKind::DatabaseError, "query", "the statement returns no columns");
            if (static_cast<std::size_t>(columns) > request.maxColumns)
                session.fail(LoadErrorKind::TooManyColumns, {},
                             "the result has " + std::to_string(columns) + " columns, more than the " +
                                 std::to_string(request.maxColumns) + " a table may have");
            builder.widen(static_cast<std::size_t>(columns));
            for (int c = 0; c < columns; ++c)
                builder.setName(static_cast<std::size_t>(c), PQfname(batch.get(), c));
            named = true;
        }
        const int rows = PQntuples(batch.get());
        for (int r = 0; r < rows; ++r) {
            if (builder.rowCount() >= request.maxRows)
                failLoad(LoadErrorKind::TooManyRows, shown, request.maxRows + 1, 0,
                         "row " + std::to_string(request.maxRows + 1),
                         "the table has more than " + std::to_string(request.maxRows) + " rows");
            for (int c = 0; c < columns; ++c) {
                const auto index = static_cast<std::size_t>(c);
                if (PQgetisnull(batch.get(), r, c) != 0)
                    builder.append(index, {}, true);
                else
                    builder.append(index, std::string_view(PQgetvalue(batch.get(), r, c),
                                                           static_cast<std::size_t>(PQgetlength(batch.get(), r, c))));
            }
            builder.endRow();
        }
        reporter.advance(builder.rowCount());
        throwIfCancelled(request.stop, shown);
        if (static_cast<std::uint64_t>(rows) < wanted)
            break;
    }
    static_cast<void>(session.execute("ROLLBACK", {}));
    if (builder.rowCount() == 0 && !(request.rowLimit && *request.rowLimit == 0))
        session.fail(LoadErrorKind::HeaderOnly, {}, "'" + part + "' holds no rows");
    reporter.finish();
    return builder.finish();
}

std::vector<std::string> listPostgresTables(const std::string& connection, const std::string& password)
{
    const PostgresSession session(connection, password);
    return session.tables();
}

} // namespace qiscout::core
