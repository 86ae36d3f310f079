// SPDX-License-Identifier: GPL-3.0-or-later
// #19 case 10: the sizes a file claims are checked before they size an allocation.
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/io/reading/claimed_shape.h"
#include "qiscout/core/io/reading/load_error.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/util/out_of_memory.h"

#include "support/loader_test_support.h"
#include "support/statistical_fixture.h"

using namespace qiscout::core;

namespace {

constexpr std::uint64_t gigabyte = 1000ull * 1000 * 1000;

/// The kind of LoadError checkClaimedShape throws, or nullopt when it accepts the shape.
std::optional<LoadErrorKind> verdict(const ClaimedShape& shape, std::uint64_t available, std::string* message = nullptr)
{
    try {
        checkClaimedShape(shape, "claims.sav", available);
        return std::nullopt;
    } catch (const LoadError& error) {
        if (message != nullptr)
            *message = error.what();
        return error.kind();
    }
}

} // namespace

TEST_CASE("A 5M x 800 table is sized in 64 bits without allocating it", "[robust][claimed-shape]")
{
    // 4,000,000,000 cells: past INT32_MAX and UINT32_MAX, where ARX's int arithmetic wrapped.
    const ClaimedShape arxCrash{5'000'000, 800};
    CHECK(encodedTableBytes(arxCrash) == 16 * gigabyte);
    CHECK_FALSE(verdict(arxCrash, 32 * gigabyte).has_value());
    std::string message;
    CHECK(verdict(arxCrash, 8 * gigabyte, &message) == LoadErrorKind::OutOfMemory);
    CHECK_THAT(message, Catch::Contains("claims.sav") && Catch::Contains("5000000 rows x 800 columns") &&
                            Catch::Contains("16 GB"));
}

TEST_CASE("Claimed shapes beyond what a table may hold are refused, whatever the memory", "[robust][claimed-shape]")
{
    const std::uint64_t unlimited = std::numeric_limits<std::uint64_t>::max();
    CHECK(verdict({maxTableRows, 1}, unlimited) == std::nullopt);
    CHECK(verdict({maxTableRows + 1, 1}, unlimited) == LoadErrorKind::TooManyRows);
    CHECK(verdict({1, maxTableColumns}, unlimited) == std::nullopt);
    CHECK(verdict({1, maxTableColumns + 1}, unlimited) == LoadErrorKind::TooManyColumns);
    // Products that overflow 64 bits saturate instead of wrapping to something small.
    const std::uint64_t huge = std::uint64_t{1} << 62;
    CHECK(encodedTableBytes({huge, huge}) == unlimited);
    CHECK(encodedTableBytes({huge, 4}) == unlimited);
    CHECK(verdict({huge, huge}, unlimited) == LoadErrorKind::TooManyRows);
    CHECK(encodedTableBytes({0, 0}) == 0);
}

TEST_CASE("A statistical file claiming more rows than memory holds is refused before a row is read",
          "[robust][claimed-shape]")
{
    std::string bytes = qiscout::test::statisticalFixture(qiscout::test::StatisticalFixtureFormat::Sav);
    // The SPSS header's case count, an int32 at byte 80: five variables of 2^31 - 1 rows is 43 GB.
    const std::int32_t claimedRows = std::numeric_limits<std::int32_t>::max();
    std::memcpy(bytes.data() + 80, &claimedRows, sizeof claimedRows);
    const qiscout::test::TempFile file(bytes, ".sav");
    const ClaimedShape claimed{static_cast<std::uint64_t>(claimedRows), 5};
    if (encodedTableBytes(claimed) <= memoryAvailableToProcess()) {
        WARN("this machine has more than 43 GB available: the claim fits, nothing to refuse");
        return;
    }
    try {
        static_cast<void>(loadTable(file.path()));
        FAIL("the claim should have been refused");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::OutOfMemory);
        CHECK_THAT(std::string(error.what()), Catch::Contains(file.path()) &&
                                                  Catch::Contains("2147483647 rows x 5 columns") &&
                                                  Catch::Contains("43 GB"));
    }
}
