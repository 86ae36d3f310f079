// SPDX-License-Identifier: GPL-3.0-or-later
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/hierarchy.h"

using namespace qiscout::core;

namespace {

/// The HierarchyError that parsing `text` raises (fails the test when none is raised).
HierarchyError parseError(const std::string& text)
{
    try {
        (void)parseHierarchy(text, "h.csv");
    } catch (const HierarchyError& error) {
        return error;
    }
    FAIL("no error for: " << text);
    return HierarchyError("", 0, "");
}

} // namespace

TEST_CASE("Hierarchies are read in ARX's layout with either separator", "[anonymization][hierarchy]")
{
    const std::string text =
        GENERATE(as<std::string>{}, "34;<50;*\n45;<50;*\n66;>=50;*\n", "34,<50,*\r\n45,<50,*\r\n66,>=50,*\r\n",
                 "\xEF\xBB\xBF"
                 "34;<50;*\n\n45;<50;*\n66;>=50;*");
    const Hierarchy hierarchy = parseHierarchy(text, "age.csv");
    REQUIRE(hierarchy.height() == 2);
    REQUIRE(hierarchy.rows.size() == 3);
    REQUIRE(hierarchy.rows[2] == std::vector<std::string>{"66", ">=50", "*"});
}

TEST_CASE("A written hierarchy reads back unchanged, quoting where needed", "[anonymization][hierarchy]")
{
    Hierarchy hierarchy;
    hierarchy.rows = {{"a;b", "[1, 2)", "*"}, {"say \"hi\"", "[1, 2)", "*"}, {"", "missing", "*"}, {"x\ny", "z", "*"}};
    for (const char separator : {';', ','}) {
        const std::string text = hierarchyToCsv(hierarchy, separator);
        REQUIRE(parseHierarchy(text, "roundtrip").rows == hierarchy.rows);
    }
    // A first value opening with U+FEFF (found by the hierarchy fuzzer, #19) is not a byte order mark.
    Hierarchy marked;
    marked.rows = {{"\xEF\xBB\xBF", "x", "*"},
                   {"\xEF\xBB\xBF"
                    "b",
                    "x", "*"}};
    for (const char separator : {';', ','})
        REQUIRE(parseHierarchy(hierarchyToCsv(marked, separator), "roundtrip").rows == marked.rows);
    const auto path = std::filesystem::temp_directory_path() / "qiscout-hierarchy-test.csv";
    writeHierarchyFile(path, hierarchy);
    REQUIRE(readHierarchyFile(path).rows == hierarchy.rows);
    std::filesystem::remove(path);
}

TEST_CASE("Hostile hierarchy files are rejected naming file and line", "[anonymization][hierarchy]")
{
    SECTION("empty file")
    {
        const HierarchyError error = parseError("");
        REQUIRE(error.line() == 0);
        REQUIRE(std::string(error.what()).find("h.csv") != std::string::npos);
        REQUIRE(std::string(error.what()).find("empty") != std::string::npos);
        REQUIRE(parseError("\n\r\n\n").line() == 0);
    }
    SECTION("ragged rows")
    {
        const HierarchyError error = parseError("a;x;*\nb;x\nc;y;*\n");
        REQUIRE(error.line() == 2);
        REQUIRE(std::string(error.what()).find("line 2") != std::string::npos);
        REQUIRE(std::string(error.what()).find("same number of levels") != std::string::npos);
        // #39: "1 level", not "1 levels".
        REQUIRE(std::string(parseError("a;x\nb\n").what()).find("it has 1 level where") != std::string::npos);
    }
    SECTION("non-monotone levels")
    {
        // b and c share X at level 1 but part at level 2.
        const HierarchyError error = parseError("a;W;P;*\nb;X;P;*\n\nc;X;Q;*\n");
        REQUIRE(error.line() == 4);
        REQUIRE(std::string(error.what()).find("merge whole groups") != std::string::npos);
    }
    SECTION("a value twice")
    {
        REQUIRE(parseError("a;*\nb;*\na;*\n").line() == 3);
    }
    SECTION("broken encoding, NUL bytes and open quotes")
    {
        REQUIRE(parseError("a;*\nb\xFF;*\n").line() == 2);
        REQUIRE(parseError(std::string("a;*\nb;*\0\n", 9)).line() == 2);
        REQUIRE(parseError("a;*\n\"b;*\nc;*\n").line() == 2);
    }
    SECTION("unreadable file")
    {
        try {
            (void)readHierarchyFile("/nonexistent/qiscout/h.csv");
            FAIL("no error");
        } catch (const HierarchyError& error) {
            REQUIRE(std::string(error.what()).find("/nonexistent/qiscout/h.csv") != std::string::npos);
        }
    }
    SECTION("a FIFO or a device is refused at once, not waited on or read forever (#19)")
    {
        const std::filesystem::path fifo =
            std::filesystem::temp_directory_path() / ("qiscout_hierarchy_fifo_" + std::to_string(::getpid()) + ".csv");
        std::filesystem::remove(fifo);
        REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
        for (const auto& [path, kind] : {std::pair<std::string, std::string>{fifo.string(), "named pipe"},
                                         std::pair<std::string, std::string>{"/dev/zero", "character device"}}) {
            try {
                (void)readHierarchyFile(path);
                FAIL("no error for " << path);
            } catch (const HierarchyError& error) {
                CHECK_THAT(std::string(error.what()), Catch::Contains(path) && Catch::Contains(kind));
            }
        }
        std::filesystem::remove(fifo);
    }
}

TEST_CASE("Binding a hierarchy requires a line for every value of the column", "[anonymization][hierarchy]")
{
    const EncodedTable table = encodeRows({"sex"}, {{"male"}, {"female"}, {""}, {"male"}}, {""});
    Hierarchy hierarchy = parseHierarchy("male;*\nfemale;*\n", "sex.csv");
    try {
        (void)bindHierarchy(hierarchy, table, 0, "sex.csv");
        FAIL("no error");
    } catch (const HierarchyError& error) {
        REQUIRE(std::string(error.what()).find("sex.csv") != std::string::npos);
        REQUIRE(std::string(error.what()).find("has no line") != std::string::npos);
    }
    hierarchy.rows.push_back({"", "*"});
    hierarchy.rows.push_back({"other", "*"});
    const ColumnHierarchy bound = bindHierarchy(hierarchy, table, 0, "sex.csv");
    REQUIRE(bound.height() == 1);
    REQUIRE(bound.levels[0].groups() == 3);
    REQUIRE(bound.levels[0].groupRows == std::vector<std::uint64_t>{2, 1, 1});
    REQUIRE(bound.levels[1].groups() == 1);
    REQUIRE(bound.levels[1].groupText == std::vector<std::string>{"*"});
    REQUIRE(bound.levels[1].groupRows == std::vector<std::uint64_t>{4});
    REQUIRE(bound.levels[1].groupOfValue == std::vector<std::uint32_t>{0, 0, 0});
}
