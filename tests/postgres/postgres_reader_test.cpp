// SPDX-License-Identifier: GPL-3.0-or-later
// Against a real server the tests start themselves (support/postgres_server.h).
#include <chrono>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "io/database/postgres_reader.h"
#include "support/loader_test_support.h"
#include "support/postgres_server.h"
#include "support/table_comparison.h"

using namespace qiscout::core;
using qiscout::test::loadFailure;
using qiscout::test::PostgresServer;

namespace {

/// The server with the test tables, created once per process.
const PostgresServer& server()
{
    static const bool ready = [] {
        const PostgresServer& shared = PostgresServer::shared();
        shared.execute("CREATE TABLE people(id integer, name text, score double precision, born date, "
                       "paid numeric(8,2), note text);"
                       "INSERT INTO people VALUES (1, 'Ann', 0.5, '1990-05-17', 12.5, NULL),"
                       "(2, 'Bob', 1e20, NULL, 3, 'NA'), (3, '', -3, '2000-02-29', NULL, 'x');"
                       "CREATE SCHEMA survey; CREATE TABLE survey.towns(town text);"
                       "INSERT INTO survey.towns VALUES ('Lyon'), ('Nice');");
        return true;
    }();
    static_cast<void>(ready);
    return PostgresServer::shared();
}

std::vector<std::string> row(const EncodedTable& table, std::uint32_t index)
{
    std::vector<std::string> cells;
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        cells.push_back(table.text(index, c));
    return cells;
}

LoadOptions withPassword()
{
    LoadOptions options;
    options.password = PostgresServer::password;
    return options;
}

std::string fileText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST_CASE("A PostgreSQL table reads NULL as missing and values as the server prints them", "[readers][postgres]")
{
    LoadOptions options = withPassword();
    options.table = "people";
    LoadSettings used;
    const EncodedTable table = loadTable(server().uri(), options, {}, {}, used);
    CHECK(used.format == SourceFormat::PostgreSql);
    CHECK(table.sourcePath == server().uri());
    CHECK(table.sourcePart == "people");
    CHECK(table.columnNames() == std::vector<std::string>{"id", "name", "score", "born", "paid", "note"});
    REQUIRE(table.rowCount == 3);
    CHECK(row(table, 0) == std::vector<std::string>{"1", "Ann", "0.5", "1990-05-17", "12.50", ""});
    CHECK(row(table, 1) == std::vector<std::string>{"2", "Bob", "1e+20", "", "3.00", "NA"});
    CHECK(row(table, 2) == std::vector<std::string>{"3", "", "-3", "2000-02-29", "", "x"});
    CHECK(table.columns[5].missing[table.code(0, 5)]);
    CHECK(table.columns[3].type == ColumnType::Date);
}

TEST_CASE("A PostgreSQL source reads a schema's table, a query, and lists its tables", "[readers][postgres]")
{
    LoadOptions options = withPassword();
    options.table = "survey.towns";
    CHECK(loadTable(server().uri(), options).rowCount == 2);
    options.table.clear();
    options.query = "SELECT name, id * 2 AS twice FROM people ORDER BY id DESC;";
    const EncodedTable query = loadTable(server().uri(), options);
    CHECK(query.columnNames() == std::vector<std::string>{"name", "twice"});
    CHECK(row(query, 0) == std::vector<std::string>{"", "6"});
    CHECK(listSourceTables(server().uri(), withPassword()) == std::vector<std::string>{"people", "survey.towns"});
    const TablePreview preview = previewTable(server().uri(), options, 2);
    CHECK(preview.rows.size() == 2);
    CHECK(preview.fileSize == 0);
}

TEST_CASE("A PostgreSQL cursor reads in batches of any size to the same table", "[readers][postgres]")
{
    LoadOptions options = withPassword();
    options.query = "SELECT i, i % 7 AS m FROM generate_series(1, 1000) AS i";
    const LoadProgress none;
    const std::string location = server().uri();
    ReadRequest whole{location, options, {}, none, {}};
    const EncodedTable reference = readPostgres(whole);
    REQUIRE(reference.rowCount == 1000);
    for (const std::uint32_t batch : {1u, 7u, 999u, 1000u, 1001u}) {
        INFO("batch " << batch);
        ReadRequest request{location, options, {}, none, {}};
        request.batchRows = batch;
        qiscout::test::checkSameCells(reference, readPostgres(request));
    }
}

TEST_CASE("A PostgreSQL password is used but never shown", "[readers][postgres][password]")
{
    LoadOptions options;
    options.table = "people";
    const LoadError refused = loadFailure(server().uri(), options);
    CHECK(refused.kind() == LoadErrorKind::DatabaseError);
    CHECK_THAT(refused.what(), Catch::Contains("refused the connection"));

    const std::string inUri = "postgresql://" + std::string(PostgresServer::user) + ":" + PostgresServer::password +
                              "@127.0.0.1:" + std::to_string(server().port()) + "/postgres";
    const EncodedTable table = loadTable(inUri, options);
    CHECK(table.sourcePath == server().uri());
    CHECK(table.sourcePath.find(PostgresServer::password) == std::string::npos);

    options.query = "SELECT no_such_column FROM people";
    options.table.clear();
    const LoadError failed = loadFailure(inUri, options);
    CHECK(failed.kind() == LoadErrorKind::DatabaseError);
    CHECK(std::string(failed.what()).find(PostgresServer::password) == std::string::npos);
    CHECK(failed.file().find(PostgresServer::password) == std::string::npos);

    LoadOptions wrong;
    wrong.password = "not-the-password";
    const LoadError rejected = loadFailure(server().uri(), wrong);
    CHECK(std::string(rejected.what()).find("not-the-password") == std::string::npos);
}

TEST_CASE("A PostgreSQL source fails clearly on missing tables, writes and several statements",
          "[readers][postgres][errors]")
{
    LoadOptions options = withPassword();
    const LoadError several = loadFailure(server().uri(), options);
    CHECK(several.kind() == LoadErrorKind::NoSuchTable);
    CHECK_THAT(several.what(), Catch::Contains("'people', 'survey.towns'"));
    options.table = "nobody";
    const LoadError missing = loadFailure(server().uri(), options);
    CHECK(missing.kind() == LoadErrorKind::NoSuchTable);
    CHECK_THAT(missing.what(), Catch::Contains("'people', 'survey.towns'"));
    options.table.clear();
    options.query = "DELETE FROM people RETURNING id";
    CHECK(loadFailure(server().uri(), options).kind() == LoadErrorKind::DatabaseError);
    options.query = "SELECT 1; DROP TABLE people";
    CHECK(loadFailure(server().uri(), options).kind() == LoadErrorKind::DatabaseError);
    options.query = "SELECT * FROM people WHERE id > 5";
    CHECK(loadFailure(server().uri(), options).kind() == LoadErrorKind::HeaderOnly);
    options.table = "people";
    options.query.clear();
    CHECK(loadTable(server().uri(), options).rowCount == 3);
}

TEST_CASE("Cancelling a PostgreSQL read cancels the statement on the server", "[readers][postgres][cancel]")
{
    LoadOptions options = withPassword();
    options.query = "SELECT pg_sleep(60)";
    std::stop_source source;
    const auto started = std::chrono::steady_clock::now();
    std::jthread stopper([&source](std::stop_token) {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        source.request_stop();
    });
    try {
        static_cast<void>(loadTable(server().uri(), options, source.get_token()));
        FAIL("a cancelled load returned a table");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::Cancelled);
    }
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
}

TEST_CASE("PostgreSQL tables load to the table their cells give as CSV", "[readers][postgres][cross-format]")
{
    const std::string path = std::string(QISCOUT_TEST_TABLES_DIR) + "/adult.csv";
    LoadOptions csvOptions;
    csvOptions.hasHeader = true;
    const EncodedTable csv = loadTable(path, csvOptions);
    std::string columns;
    for (const auto& column : csv.columns)
        columns += ", \"" + column.name + "\" " + (column.type == ColumnType::Integer ? "bigint" : "text");
    // A table has no order of its own (COPY may fill a page's gap with a later row), so rows
    // carry their position and the query sorts by it.
    server().execute("DROP TABLE IF EXISTS adult; CREATE TABLE adult(position serial" + columns + ")");
    std::string names;
    for (const auto& column : csv.columns)
        names += std::string(names.empty() ? "" : ", ") + "\"" + column.name + "\"";
    server().copyCsv("adult(" + names + ")", fileText(path));
    LoadOptions options = withPassword();
    options.query = "SELECT " + names + " FROM adult ORDER BY position";
    qiscout::test::checkSameCells(csv, loadTable(server().uri(), options));
}
