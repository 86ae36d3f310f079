// SPDX-License-Identifier: GPL-3.0-or-later
// #19: what is not a regular file (a FIFO without a writer, /dev/zero, a link to it) is refused at
// once, on every path into the loader, and whole-file reads have a size limit.
#include <chrono>
#include <filesystem>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/util/cancellation.h"

#include "support/loader_test_support.h"

using namespace qiscout::core;
using qiscout::test::TempFile;

namespace {

/// A FIFO nobody writes to, removed at the end of the test.
class Fifo {
public:
    explicit Fifo(const std::string& extension = ".csv")
        : m_path(std::filesystem::temp_directory_path() / ("qiscout_fifo_" + std::to_string(::getpid()) + extension))
    {
        std::filesystem::remove(m_path);
        REQUIRE(::mkfifo(m_path.c_str(), 0600) == 0);
    }
    ~Fifo() { std::filesystem::remove(m_path); }
    Fifo(const Fifo&) = delete;
    Fifo& operator=(const Fifo&) = delete;

    [[nodiscard]] std::string path() const { return m_path.string(); }

private:
    std::filesystem::path m_path;
};

/// Runs `open`, which must throw an error naming the path and `kind`, within a second.
template <typename Error, typename Open>
void requireRefusedAtOnce(const std::string& path, const std::string& kind, const Open& open)
{
    const auto started = std::chrono::steady_clock::now();
    try {
        open();
        FAIL("opening " << path << " should have failed");
    } catch (const Error& error) {
        const std::string message = error.what();
        CHECK_THAT(message, Catch::Contains(path) && Catch::Contains(kind) && Catch::Contains("not a regular file"));
    }
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(1));
}

} // namespace

TEST_CASE("A FIFO without a writer is refused at once instead of blocking in open()", "[robust][regular-file]")
{
    const Fifo fifo;
    requireRefusedAtOnce<FileReadError>(fifo.path(), "named pipe", [&] { const RegularFile file(fifo.path()); });
    requireRefusedAtOnce<LoadError>(fifo.path(), "named pipe", [&] { static_cast<void>(loadTable(fifo.path())); });
    requireRefusedAtOnce<LoadError>(fifo.path(), "named pipe",
                                    [&] { static_cast<void>(previewTable(fifo.path(), {}, 5)); });
}

TEST_CASE("Every reader refuses a FIFO at once, whatever its name says the format is", "[robust][regular-file]")
{
    // No extension: the format is sniffed from the first bytes, which must not block either.
    for (const std::string extension : {"", ".db", ".xlsx", ".sav", ".dta"}) {
        INFO("a FIFO named *" << extension);
        const Fifo fifo(extension);
        requireRefusedAtOnce<LoadError>(fifo.path(), "named pipe", [&] { static_cast<void>(loadTable(fifo.path())); });
        if (extension == ".db" || extension == ".xlsx")
            requireRefusedAtOnce<LoadError>(fifo.path(), "named pipe",
                                            [&] { static_cast<void>(listSourceTables(fifo.path(), {})); });
    }
}

TEST_CASE("/dev/zero and a symbolic link to it are refused, not read forever", "[robust][regular-file]")
{
    const std::filesystem::path link =
        std::filesystem::temp_directory_path() / ("qiscout_zero_link_" + std::to_string(::getpid()) + ".csv");
    std::filesystem::remove(link);
    std::filesystem::create_symlink("/dev/zero", link);
    for (const std::string& path : {std::string("/dev/zero"), link.string()}) {
        requireRefusedAtOnce<LoadError>(path, "character device", [&] { static_cast<void>(loadTable(path)); });
        requireRefusedAtOnce<FileReadError>(path, "character device",
                                            [&] { static_cast<void>(readRegularFile(path, 1 << 20, "the file")); });
    }
    std::filesystem::remove(link);
}

TEST_CASE("A folder is refused as a table", "[robust][regular-file]")
{
    const std::string folder = std::filesystem::temp_directory_path().string();
    requireRefusedAtOnce<LoadError>(folder, "a folder", [&] { static_cast<void>(loadTable(folder)); });
}

TEST_CASE("readRegularFile reads a whole file within its limit and refuses a larger one", "[robust][regular-file]")
{
    const TempFile small("0123456789");
    CHECK(readRegularFile(small.path(), 10, "the file") == "0123456789");
    try {
        static_cast<void>(readRegularFile(small.path(), 9, "the settings file"));
        FAIL("a 10-byte file is over a 9-byte limit");
    } catch (const FileReadError& error) {
        CHECK_THAT(std::string(error.what()), Catch::Contains(small.path()) && Catch::Contains("the settings file") &&
                                                  Catch::Contains("10 bytes") && Catch::Contains("9 bytes"));
    }
    const TempFile empty("");
    CHECK(readRegularFile(empty.path(), 0, "the file").empty());
}

TEST_CASE("readRegularFile stops when asked", "[robust][regular-file]")
{
    const TempFile file("contents");
    std::stop_source stop;
    stop.request_stop();
    CHECK_THROWS_AS(readRegularFile(file.path(), 100, "the file", stop.get_token()), OperationCancelled);
}

TEST_CASE("A RegularFile notices when the file changes after it was opened", "[robust][regular-file]")
{
    const TempFile file("a,b\n1,2\n");
    const RegularFile opened(file.path());
    CHECK(opened.size() == 8);
    CHECK_FALSE(opened.changedSinceOpened());
    REQUIRE(::truncate(file.path().c_str(), 3) == 0);
    CHECK(opened.changedSinceOpened());
}
