// SPDX-License-Identifier: GPL-3.0-or-later
// #19: a file that shrinks or is rewritten while it is mapped ends the load with a clear error,
// never with SIGBUS.
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <unistd.h>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "io/reading/mapped_file.h"
#include "support/loader_test_support.h"

using namespace qiscout::core;
using qiscout::test::TempFile;

namespace {

/// A table of about `bytes` bytes: a header and rows of three numbers.
std::string tableOfSize(std::size_t bytes)
{
    std::string text = "a,b,c\n";
    for (std::size_t row = 0; text.size() < bytes; ++row)
        text += std::to_string(row) + "," + std::to_string(row % 7) + "," + std::to_string(row % 13) + "\n";
    return text;
}

} // namespace

TEST_CASE("Reading a map past the end of a file truncated under it gives zeros, not SIGBUS", "[robust][mapped]")
{
    const TempFile file(std::string(1 << 20, 'x'));
    const MappedFile mapped(file.path());
    CHECK_FALSE(mapped.changed());
    REQUIRE(::truncate(file.path().c_str(), 100) == 0);
    const std::string_view bytes = mapped.bytes();
    REQUIRE(bytes.size() == std::size_t{1} << 20);
    CHECK(bytes[50] == 'x');
    // Each page beyond the new end faults once and is repaired with zeros.
    CHECK(bytes[bytes.size() - 1] == '\0');
    CHECK(bytes[100000] == '\0');
    CHECK(mapped.changed());
}

TEST_CASE("A table truncated while it loads fails with a FileChanged error naming it", "[robust][mapped]")
{
    const TempFile file(tableOfSize(std::size_t{24} << 20));
    bool truncated = false;
    const LoadProgress truncateOnce = [&](std::uint64_t, std::uint64_t) {
        if (!truncated)
            REQUIRE(::truncate(file.path().c_str(), 100) == 0);
        truncated = true;
    };
    try {
        static_cast<void>(loadTable(file.path(), {}, {}, truncateOnce));
        FAIL("the load should have noticed the truncation");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::FileChanged);
        CHECK_THAT(std::string(error.what()), Catch::Contains(file.path()) && Catch::Contains("truncated"));
    }
    CHECK(truncated);
}

TEST_CASE("A table rewritten in place while it loads fails with a FileChanged error", "[robust][mapped]")
{
    const std::string contents = tableOfSize(std::size_t{24} << 20);
    const TempFile file(contents);
    bool rewritten = false;
    const LoadProgress rewriteOnce = [&](std::uint64_t, std::uint64_t) {
        if (rewritten)
            return;
        rewritten = true;
        // File times advance in clock ticks of a few milliseconds: let one pass.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        // Same size, other bytes, as `cp other.csv t.csv` would leave it: only the time tells.
        std::string other = contents;
        other[other.size() - 2] = '9';
        const TempFile replacement(other);
        REQUIRE(::truncate(file.path().c_str(), 0) == 0);
        std::filesystem::copy_file(replacement.path(), file.path(), std::filesystem::copy_options::overwrite_existing);
    };
    try {
        static_cast<void>(loadTable(file.path(), {}, {}, rewriteOnce));
        FAIL("the load should have noticed the rewrite");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::FileChanged);
    }
}

TEST_CASE("An unchanged file loads as before behind the SIGBUS guard", "[robust][mapped]")
{
    const TempFile file(tableOfSize(std::size_t{1} << 20));
    const EncodedTable table = loadTable(file.path());
    CHECK(table.columnCount() == 3);
    CHECK(table.rowCount > 10000);
}
