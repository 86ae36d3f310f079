// SPDX-License-Identifier: GPL-3.0-or-later
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "qiscout/core/io/atomic_file_writer.h"

namespace {

using qiscout::core::AtomicFileWriter;
using qiscout::core::FileWriteError;
using qiscout::core::writeFileAtomically;
namespace fs = std::filesystem;

/// A fresh, empty folder removed at the end of the test.
class ScratchFolder {
public:
    ScratchFolder()
        : m_path(fs::temp_directory_path() /
                 ("qiscout_atomic_" + std::to_string(::getpid()) + "_" + std::to_string(s_counter++)))
    {
        fs::remove_all(m_path);
        fs::create_directories(m_path);
    }
    ~ScratchFolder() { fs::remove_all(m_path); }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    [[nodiscard]] const fs::path& path() const { return m_path; }
    [[nodiscard]] std::size_t entries() const
    {
        return static_cast<std::size_t>(std::distance(fs::directory_iterator(m_path), fs::directory_iterator()));
    }

private:
    static inline int s_counter = 0;
    fs::path m_path;
};

std::string contentsOf(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST_CASE("AtomicFileWriter writes the whole file and leaves nothing else", "[atomic]")
{
    ScratchFolder folder;
    const fs::path target = folder.path() / "report.html";
    writeFileAtomically(target, "first");
    CHECK(contentsOf(target) == "first");
    writeFileAtomically(target, "second, longer");
    CHECK(contentsOf(target) == "second, longer");
    CHECK(folder.entries() == 1);
}

TEST_CASE("AtomicFileWriter leaves the target untouched without a commit", "[atomic]")
{
    ScratchFolder folder;
    const fs::path target = folder.path() / "report.json";
    writeFileAtomically(target, "old");
    {
        AtomicFileWriter writer(target);
        writer.write("new but abandoned");
        CHECK(folder.entries() == 2);
    }
    CHECK(contentsOf(target) == "old");
    CHECK(folder.entries() == 1);
}

TEST_CASE("AtomicFileWriter reports unwritable targets with the path and leaves no file", "[atomic]")
{
    ScratchFolder folder;
    const fs::path regularFile = folder.path() / "plain.txt";
    writeFileAtomically(regularFile, "x");
    // Root ignores permission bits, so use targets that fail for every user.
    const fs::path target = GENERATE_COPY(values<fs::path>({
        fs::path("/nonexistent-qiscout-folder/report.html"),
        regularFile / "report.html",
        fs::path("/proc/qiscout-report.html"),
        fs::path("/sys/qiscout-report.csv"),
    }));
    try {
        writeFileAtomically(target, "content");
        FAIL("writing " << target << " should have failed");
    } catch (const FileWriteError& error) {
        CHECK(std::string(error.what()).find(target.string()) != std::string::npos);
        CHECK(error.path() == target);
    }
    std::error_code ignored;
    CHECK_FALSE(fs::exists(target, ignored));
    CHECK(folder.entries() == 1);
}

TEST_CASE("AtomicFileWriter refuses a folder as target", "[atomic]")
{
    ScratchFolder folder;
    CHECK_THROWS_AS(writeFileAtomically(folder.path(), "x"), FileWriteError);
    CHECK(fs::is_directory(folder.path()));
}

TEST_CASE("A write error such as a full disk leaves the old file and no partial file", "[atomic]")
{
    ScratchFolder folder;
    const fs::path target = folder.path() / "report.pdf";
    writeFileAtomically(target, "old contents");

    // RLIMIT_FSIZE makes write() fail with EFBIG past the limit, like a full disk, even for root.
    rlimit original{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &original) == 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = original;
    limited.rlim_cur = 4096;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
    std::string message;
    try {
        writeFileAtomically(target, std::string(100000, 'x'));
    } catch (const FileWriteError& error) {
        message = error.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &original);
    std::signal(SIGXFSZ, previousHandler);

    CHECK(message.find(target.string()) != std::string::npos);
    CHECK(contentsOf(target) == "old contents");
    CHECK(folder.entries() == 1);
}

} // namespace
