// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>

#include <catch2/catch.hpp>

#include "io/excel/excel_number_format.h"

using namespace qiscout::core;

TEST_CASE("General shows at most 11 characters, scientific beyond, as Excel does", "[readers][excel]")
{
    const auto [value, shown] = GENERATE(table<double, const char*>({
        {0, "0"},
        {42, "42"},
        {-5, "-5"},
        {1234.5, "1234.5"},
        {0.1 + 0.2, "0.3"},
        {1.0 / 3.0, "0.333333333"},
        {123.456789012, "123.456789"},
        {12345678901, "12345678901"},
        {123456789012, "1.23457E+11"},
        {100000000000, "1E+11"},
        {0.00001, "0.00001"},
        {0.000012345678, "1.23457E-05"},
        {1e-10, "1E-10"},
    }));
    INFO(value);
    CHECK(formatExcelNumber(value, "General", false) == shown);
}

TEST_CASE("Number format codes place digits, separators, percent, exponents and literals", "[readers][excel]")
{
    const auto [value, code, shown] = GENERATE(table<double, const char*, const char*>({
        {3.14159, "0.00", "3.14"},
        {2.345, "0.00", "2.35"},
        {-2.5, "0.00", "-2.50"},
        {-0.001, "0.00", "0.00"},
        {1234567.8, "#,##0", "1,234,568"},
        {1234.5, "#,##0.00", "1,234.50"},
        {-0.5, "#,##0.00", "-0.50"},
        {0.5, "#,##0", "1"},
        {0.256, "0%", "26%"},
        {0.256, "0.0%", "25.6%"},
        {12345, "0.00E+00", "1.23E+04"},
        {0.00012, "0.00E+00", "1.20E-04"},
        {12345, "##0.0E+0", "12.3E+3"},
        {1234.5, "\"$\"#,##0.00", "$1,234.50"},
        {1234.5, "[$€-407] #,##0.00", "€ 1,234.50"},
        {1234.5, "#,##0.00 \"kg\"", "1,234.50 kg"},
        {5551234, "000-0000", "555-1234"},
        {7, "000", "007"},
        {1234567, "0.0,,", "1.2"},
        {-1234, "#,##0;(#,##0)", "(1,234)"},
        {1234, "#,##0;(#,##0)", "1,234"},
        {0, "0.00;-0.00;\"zero\"", "zero"},
        {3.14159, "[Red]0.00", "3.14"},
        {-3, "0;[Red]0", "3"},
        {1, "0.#", "1."},
        {1.5, "0.##", "1.5"},
        {12, "0_);(0)", "12 "},
        {150, "[>100]\"big\";\"small\"", "big"},
        {50, "[>100]\"big\";\"small\"", "small"},
        {0.75, "# ?/?", "0.75"},
        {3, "@", "3"},
        {1234.5, "General", "1234.5"},
    }));
    INFO(value << " as " << code);
    CHECK(formatExcelNumber(value, code, false) == shown);
}

TEST_CASE("Dates and times show on the 1900 and 1904 date systems", "[readers][excel]")
{
    const auto [value, code, shown] = GENERATE(table<double, const char*, const char*>({
        {45306, "yyyy-mm-dd", "2024-01-15"},
        {45306, "m/d/yyyy", "1/15/2024"},
        {45306, "d-mmm-yy", "15-Jan-24"},
        {45306, "dddd, mmmm d, yyyy", "Monday, January 15, 2024"},
        {45306, "mmmmm", "J"},
        {45306.5, "yyyy-mm-dd hh:mm", "2024-01-15 12:00"},
        {0.5, "h:mm AM/PM", "12:00 PM"},
        {0.75, "h:mm AM/PM", "6:00 PM"},
        {0.75, "hh:mm:ss", "18:00:00"},
        {0.25, "h:mm A/P", "6:00 A"},
        {1.5, "[h]:mm", "36:00"},
        {1.0 / 86400, "mm:ss.0", "00:01.0"},
        {1, "yyyy-mm-dd", "1900-01-01"},
        {59, "yyyy-mm-dd", "1900-02-28"},
        {60, "yyyy-mm-dd", "1900-02-29"},
        {61, "yyyy-mm-dd", "1900-03-01"},
        {32874, "yyyy-mm-dd", "1990-01-01"},
    }));
    INFO(value << " as " << code);
    CHECK(formatExcelNumber(value, code, false) == shown);
    CHECK(formatExcelNumber(0, "yyyy-mm-dd", true) == "1904-01-01");
    CHECK(formatExcelNumber(45306, "yyyy-mm-dd", true) == "2028-01-16");
    CHECK(formatExcelNumber(-1, "yyyy-mm-dd", false) == "-1");
}

TEST_CASE("Built-in number formats are Excel's en-US ones", "[readers][excel]")
{
    CHECK(builtinExcelFormat(0) == "General");
    CHECK(builtinExcelFormat(14) == "m/d/yyyy");
    CHECK(builtinExcelFormat(4) == "#,##0.00");
    CHECK(builtinExcelFormat(163) == "General");
}
