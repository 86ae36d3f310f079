// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "io/reading/type_inference.h"

using namespace qiscout::core;

TEST_CASE("Value classifiers accept integers, numbers and calendar dates only", "[types]")
{
    const auto [text, integer, number, date] = GENERATE(table<std::string, bool, bool, bool>({
        {"0", true, true, false},
        {"-42", true, true, false},
        {"+7", true, true, false},
        {"123456789012345678", true, true, false},
        {"1234567890123456789", false, true, false},
        {"1.5", false, true, false},
        {".5", false, true, false},
        {"5.", false, true, false},
        {"-2e-3", false, true, false},
        {"1e", false, false, false},
        {".", false, false, false},
        {"-", false, false, false},
        {" 1", false, false, false},
        {"1,5", false, false, false},
        {"2020-02-29", false, false, true},
        {"2019-02-29", false, false, false},
        {"2020/12/31", false, false, true},
        {"31/12/1999", false, false, true},
        {"12/31/1999", false, false, true},
        {"31.12.1999", false, false, true},
        {"13/13/1999", false, false, false},
        {"2020-01-01T10:30", false, false, true},
        {"2020-01-01 10:30:59.250", false, false, true},
        {"2020-01-01 25:00", false, false, false},
        {"2020-1-1", false, false, false},
    }));
    INFO(text);
    CHECK(looksLikeInteger(text) == integer);
    CHECK(looksLikeNumber(text) == number);
    CHECK(looksLikeDate(text) == date);
}

TEST_CASE("inferColumnType takes the narrowest type that fits every non-missing value", "[types]")
{
    CHECK(inferColumnType({"1", "2", "?"}, {false, false, true}) == ColumnType::Integer);
    CHECK(inferColumnType({"1", "2.5"}, {false, false}) == ColumnType::Decimal);
    CHECK(inferColumnType({"2020-01-01", "", "01/02/2003"}, {false, true, false}) == ColumnType::Date);
    CHECK(inferColumnType({"2020-01-01", "7"}, {false, false}) == ColumnType::Text);
    CHECK(inferColumnType({"1", "x"}, {false, false}) == ColumnType::Text);
    CHECK(inferColumnType({"?", ""}, {true, true}) == ColumnType::Text);
    CHECK(inferColumnType({}, {}) == ColumnType::Text);
}
