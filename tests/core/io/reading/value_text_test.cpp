// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>
#include <limits>
#include <string>

#include <catch2/catch.hpp>

#include "io/reading/value_text.h"

using namespace qiscout::core;

TEST_CASE("numberText writes the shortest text that reads back as the same number", "[readers][text]")
{
    CHECK(numberText(42.0) == "42");
    CHECK(numberText(-0.5) == "-0.5");
    CHECK(numberText(-0.0) == "0");
    CHECK(numberText(100000.0) == "100000");
    CHECK(numberText(123456789012.0) == "123456789012");
    CHECK(numberText(0.1 + 0.2) == "0.30000000000000004");
    CHECK(numberText(1e20) == "1e+20");
    CHECK(numberText(2.5e-9) == "2.5e-09");
    CHECK(numberText(0.1f) == "0.1");
    CHECK(numberText(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(numberText(-std::numeric_limits<double>::infinity()) == "-Infinity");
    for (const double value : {3.14159, 1.0 / 3.0, 7e-7, 9.999999999999999e16, 12345.678})
        CHECK(std::stod(numberText(value)) == value);
}

TEST_CASE("canonicalNumber accepts exactly the texts numberText writes", "[readers][text]")
{
    CHECK(canonicalNumber("42") == 42.0);
    CHECK(canonicalNumber("-0.5") == -0.5);
    CHECK(canonicalNumber("1e+20") == 1e20);
    for (const char* text : {"1.50", "+3", "007", "1e20", "0x10", "", " 1", "NaN", "abc", "-0", "1.", ".5"})
        CHECK_FALSE(canonicalNumber(text));
}

TEST_CASE("Dates and times read as ISO text within the years 1 to 9999", "[readers][text]")
{
    CHECK(dateText(0) == "1970-01-01");
    CHECK(dateText(11016) == "2000-02-29");
    CHECK(dateText(-141428) == "1582-10-14");
    CHECK(dateText(0.75) == "1970-01-01");
    CHECK(dateText(-0.25) == "1969-12-31");
    CHECK(dateText(-719162) == "0001-01-01");
    CHECK_FALSE(dateText(-719163));
    CHECK_FALSE(dateText(3e6));
    CHECK_FALSE(dateText(std::nan("")));
    CHECK(dateTimeText(86400 + 3723) == "1970-01-02 01:02:03");
    CHECK(dateTimeText(1.5) == "1970-01-01 00:00:01.500");
    CHECK(dateTimeText(-1) == "1969-12-31 23:59:59");
    CHECK(timeText(3723) == "01:02:03");
    CHECK(timeText(100 * 3600) == "100:00:00");
    CHECK_FALSE(timeText(-1));
}
