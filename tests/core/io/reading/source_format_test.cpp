// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/io/reading/source_format.h"

#include "support/loader_test_support.h"

using namespace qiscout::core;
using qiscout::test::TempFile;

TEST_CASE("detectSourceFormat knows sources by prefix, then extension, then first bytes", "[readers][format]")
{
    CHECK(detectSourceFormat("sqlite:/data/people.db") == SourceFormat::Sqlite);
    CHECK(detectSourceFormat("postgresql://u@localhost/db") == SourceFormat::PostgreSql);
    CHECK(detectSourceFormat("postgres://localhost/db") == SourceFormat::PostgreSql);
    CHECK(detectSourceFormat("host=localhost dbname=survey") == SourceFormat::PostgreSql);
    CHECK(detectSourceFormat("a/b/survey.SAV") == SourceFormat::SpssSystem);
    CHECK(detectSourceFormat("survey.zsav") == SourceFormat::SpssSystem);
    CHECK(detectSourceFormat("survey.por") == SourceFormat::SpssPortable);
    CHECK(detectSourceFormat("survey.dta") == SourceFormat::Stata);
    CHECK(detectSourceFormat("survey.sas7bdat") == SourceFormat::SasData);
    CHECK(detectSourceFormat("survey.xpt") == SourceFormat::SasTransport);
    CHECK(detectSourceFormat("book.xlsx") == SourceFormat::Excel);
    CHECK(detectSourceFormat("people.sqlite") == SourceFormat::Sqlite);
    CHECK(detectSourceFormat("missing-file.csv") == SourceFormat::Delimited);
    CHECK(detectSourceFormat("no-such-file") == SourceFormat::Delimited);

    CHECK(detectSourceFormat(TempFile("$FL2@(#) SPSS DATA FILE", ".bin").path()) == SourceFormat::SpssSystem);
    CHECK(detectSourceFormat(TempFile(std::string("SQLite format 3\0rest", 20), ".bin").path()) ==
          SourceFormat::Sqlite);
    CHECK(detectSourceFormat(TempFile("PK\x03\x04rest", ".bin").path()) == SourceFormat::Excel);
    CHECK(detectSourceFormat(TempFile("<stata_dta><header>", ".bin").path()) == SourceFormat::Stata);
    CHECK(detectSourceFormat(TempFile("a,b\n1,2\n", ".data").path()) == SourceFormat::Delimited);
}

TEST_CASE("Source format names read back", "[readers][format]")
{
    for (const SourceFormat format : {SourceFormat::Delimited, SourceFormat::SpssSystem, SourceFormat::SpssPortable,
                                      SourceFormat::Stata, SourceFormat::SasData, SourceFormat::SasTransport,
                                      SourceFormat::Excel, SourceFormat::Sqlite, SourceFormat::PostgreSql})
        CHECK(valueIn(sourceFormatNames, nameIn(sourceFormatNames, format)) == format);
    CHECK_FALSE(valueIn(sourceFormatNames, "csv"));
    CHECK(isDatabase(SourceFormat::Sqlite));
    CHECK_FALSE(isDatabase(SourceFormat::Excel));
    CHECK(isStatisticalFile(SourceFormat::SasTransport));
    CHECK_FALSE(isFileSource(SourceFormat::PostgreSql));
    CHECK(sourceFilePath("sqlite:/x/y.db") == "/x/y.db");
    CHECK(sourceFilePath("/x/y.csv") == "/x/y.csv");
}

TEST_CASE("withoutPassword takes the password out of PostgreSQL connection strings only", "[readers][format]")
{
    CHECK(withoutPassword("postgresql://alice:s3cret@db.example:5432/survey") ==
          "postgresql://alice@db.example:5432/survey");
    CHECK(withoutPassword("postgresql://alice@localhost/survey") == "postgresql://alice@localhost/survey");
    CHECK(withoutPassword("postgresql://localhost/survey?user=a&password=s3cret&sslmode=disable") ==
          "postgresql://localhost/survey?user=a&sslmode=disable");
    CHECK(withoutPassword("postgresql://a:p%40ss@h1:1,h2:2/db?password=x") == "postgresql://a@h1:1,h2:2/db");
    CHECK(withoutPassword("postgres://:pw@localhost") == "postgres://@localhost");
    CHECK(withoutPassword("host=localhost password=s3cret dbname=survey") == "host=localhost dbname=survey");
    CHECK(withoutPassword("host=localhost password='s3 cr\\'et' user=bob") == "host=localhost user=bob");
    CHECK(withoutPassword("password=x") == "");
    CHECK(withoutPassword("/data/survey.csv") == "/data/survey.csv");
    CHECK(withoutPassword("/data/password=1.csv") == "/data/password=1.csv");
}

// #39
TEST_CASE("redactPassword takes every form of the password out of a message", "[readers][format]")
{
    const std::string badEscape = "postgresql://probe:pa%zzWrongPass@127.0.0.1:55432/probe";
    CHECK(redactPassword("invalid percent-encoded token: \"pa%zzWrongPass\"", badEscape) ==
          "invalid percent-encoded token: \"***\"");
    const std::string unclosed = "postgresql://probe:OpenBracket@[::1:55432/probe";
    CHECK(redactPassword("missing \"]\" in IPv6 host address in URI: \"" + unclosed + "\"", unclosed) ==
          "missing \"]\" in IPv6 host address in URI: \"postgresql://probe@[::1:55432/probe\"");
    CHECK(redactPassword("password p@ss rejected", "postgresql://a:p%40ss@h/db") == "password *** rejected");
    CHECK(redactPassword("bad: q%zz", "postgresql://h/db?sslmode=x&password=q%zz") == "bad: ***");
    CHECK(redactPassword("s3 cr'et and 's3 cr\\'et'", "host=h password='s3 cr\\'et' user=bob") == "*** and ***");
    CHECK(redactPassword("given apart: Apart1", "host=h dbname=d", "Apart1") == "given apart: ***");
    CHECK(redactPassword("/data/survey.csv: no such file", "/data/survey.csv") == "/data/survey.csv: no such file");
}

TEST_CASE("A connection string libpq cannot parse fails without showing its password", "[readers][format]")
{
    const std::string location = GENERATE(as<std::string>{}, "postgresql://probe:pa%zzWrongPass@127.0.0.1:55432/probe",
                                          "postgresql://probe:WrongPass@[::1:55432/probe",
                                          "host=127.0.0.1 port=55432 password=WrongPass sslmode=nonsense");
    try {
        static_cast<void>(loadTable(location, {}));
        FAIL("loading " << location << " succeeded");
    } catch (const LoadError& error) {
        const std::string message = error.what();
        CAPTURE(message);
        CHECK(message.find("WrongPass") == std::string::npos);
        CHECK((message.find("127.0.0.1") != std::string::npos || message.find("::1") != std::string::npos));
    }
}
