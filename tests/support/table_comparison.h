// SPDX-License-Identifier: GPL-3.0-or-later
// Cell-by-cell comparison of two encoded tables, for the tests that load the same data two ways.
#pragma once

#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::test {

/// Checks that `actual` holds the same cells as `expected`: row and column counts, and per column
/// its dictionary in first-appearance order, codes, frequencies, missing flags and inferred type
/// (and its name when `sameNames`). Stops at the first column that differs.
inline void checkSameCells(const core::EncodedTable& expected, const core::EncodedTable& actual, bool sameNames = true)
{
    REQUIRE(actual.rowCount == expected.rowCount);
    REQUIRE(actual.columnCount() == expected.columnCount());
    for (std::size_t c = 0; c < expected.columnCount(); ++c) {
        const core::EncodedColumn& want = expected.columns[c];
        const core::EncodedColumn& got = actual.columns[c];
        INFO("column " << c + 1 << " \"" << want.name << "\"");
        if (sameNames)
            CHECK(got.name == want.name);
        REQUIRE(got.dictionary == want.dictionary);
        REQUIRE(got.codes == want.codes);
        CHECK(got.frequencies == want.frequencies);
        REQUIRE(got.missing == want.missing);
        CHECK(got.type == want.type);
    }
}

} // namespace qiscout::test
