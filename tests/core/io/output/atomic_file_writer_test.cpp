// SPDX-License-Identifier: GPL-3.0-or-later
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/util/cancellation.h"

namespace {

using qiscout::core::AtomicFileWriter;
using qiscout::core::FileWriteError;
using qiscout::core::OperationCancelled;
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

/// The id of a process that has ended (a child that exited and was reaped).
pid_t endedProcess()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

mode_t permissionsOf(const fs::path& path)
{
    struct stat status {};
    REQUIRE(::stat(path.c_str(), &status) == 0);
    return status.st_mode & 07777;
}

// #19
TEST_CASE("AtomicFileWriter writes through a symbolic link to its target", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path real = folder.path() / "real.html";
    const fs::path link = folder.path() / "link.html";
    writeFileAtomically(real, "old");
    fs::create_symlink("real.html", link);
    writeFileAtomically(link, "new");
    CHECK(fs::is_symlink(link));
    CHECK(fs::read_symlink(link) == "real.html");
    CHECK(contentsOf(real) == "new");
    CHECK(folder.entries() == 2);

    // A dangling link is written through as well: the file appears where it points.
    const fs::path dangling = folder.path() / "dangling.json";
    fs::create_symlink("made.json", dangling);
    writeFileAtomically(dangling, "{}");
    CHECK(fs::is_symlink(dangling));
    CHECK(contentsOf(folder.path() / "made.json") == "{}");
}

// #39: the kernel refuses to follow such a link (fs.protected_symlinks); the writer, which resolves
// links itself, must refuse too.
TEST_CASE("AtomicFileWriter follows a link in a sticky, world-writable folder only when it may", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path shared = folder.path() / "shared";
    fs::create_directory(shared);
    REQUIRE(::chmod(shared.c_str(), 01777) == 0);
    const fs::path victim = folder.path() / "victim.csv";
    writeFileAtomically(victim, "precious");
    const fs::path link = shared / "report.html";
    fs::create_symlink(victim, link);
    constexpr uid_t stranger = 54321;
    if (::lchown(link.c_str(), stranger, static_cast<gid_t>(-1)) != 0) {
        WARN("only root can give a link to another user: nothing to check");
        return;
    }

    try {
        writeFileAtomically(link, "overwritten");
        FAIL("a stranger's link in a sticky, world-writable folder was followed");
    } catch (const FileWriteError& error) {
        const std::string message = error.what();
        CHECK(message.find(link.string()) != std::string::npos);
        CHECK(message.find("54321") != std::string::npos);
        CHECK(message.find("fs.protected_symlinks") != std::string::npos);
    }
    CHECK(contentsOf(victim) == "precious");
    CHECK(fs::is_symlink(link));

    // The same link followed once the folder is not sticky, or the link is the user's own.
    REQUIRE(::chmod(shared.c_str(), 0777) == 0);
    writeFileAtomically(link, "through a plain folder");
    CHECK(contentsOf(victim) == "through a plain folder");
    REQUIRE(::chmod(shared.c_str(), 01777) == 0);
    REQUIRE(::lchown(link.c_str(), ::geteuid(), static_cast<gid_t>(-1)) == 0);
    writeFileAtomically(link, "through my own link");
    CHECK(contentsOf(victim) == "through my own link");
}

// #19
TEST_CASE("AtomicFileWriter keeps the permissions of the file it replaces", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path target = folder.path() / "private.json";
    writeFileAtomically(target, "old");
    REQUIRE(::chmod(target.c_str(), 0600) == 0);
    writeFileAtomically(target, "new");
    CHECK(permissionsOf(target) == 0600);
    REQUIRE(::chmod(target.c_str(), 0640) == 0);
    writeFileAtomically(target, "newer");
    CHECK(permissionsOf(target) == 0640);
    CHECK(contentsOf(target) == "newer");
}

// #19
TEST_CASE("AtomicFileWriter refuses to replace what is not a regular file", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path fifo = folder.path() / "out.json";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    try {
        writeFileAtomically(fifo, "x");
        FAIL("a FIFO must not be replaced");
    } catch (const FileWriteError& error) {
        CHECK_THAT(std::string(error.what()), Catch::Contains(fifo.string()) && Catch::Contains("not a regular file"));
    }
    struct stat status {};
    REQUIRE(::lstat(fifo.c_str(), &status) == 0);
    CHECK(S_ISFIFO(status.st_mode));
    CHECK(folder.entries() == 1);

    // The same through a link: /dev/full stays a device even for root.
    const fs::path link = folder.path() / "full.json";
    fs::create_symlink("/dev/full", link);
    CHECK_THROWS_WITH(writeFileAtomically(link, "x"), Catch::Contains("not a regular file"));
    REQUIRE(::stat("/dev/full", &status) == 0);
    CHECK(S_ISCHR(status.st_mode));
}

// #19
TEST_CASE("AtomicFileWriter removes temporary files that ended processes left behind", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path target = folder.path() / "report.html";
    writeFileAtomically(target, "old");
    const std::string ended = ".report.html." + std::to_string(endedProcess()) + "-0123abcd.tmp";
    const std::string alive = ".report.html." + std::to_string(::getpid()) + "-0123abcd.tmp";
    for (const std::string& name :
         {ended, alive, std::string(".report.html.notapid.tmp"), std::string(".other.html.1-0123abcd.tmp")})
        writeFileAtomically(folder.path() / name, "left behind");
    // The writers of those files wrote them atomically, so none of their own temporaries remain.
    REQUIRE(folder.entries() == 5);

    writeFileAtomically(target, "new");
    CHECK(contentsOf(target) == "new");
    CHECK_FALSE(fs::exists(folder.path() / ended));
    // A live writer's file, and files that are not our temporaries, are left alone.
    CHECK(fs::exists(folder.path() / alive));
    CHECK(fs::exists(folder.path() / ".report.html.notapid.tmp"));
    CHECK(fs::exists(folder.path() / ".other.html.1-0123abcd.tmp"));
}

// #19
TEST_CASE("A stop request discards the file being written and leaves the old one", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path target = folder.path() / "report.csv";
    writeFileAtomically(target, "old");
    std::stop_source stop;
    {
        AtomicFileWriter writer(target, stop.get_token());
        writer.write("part of the new file");
        CHECK(folder.entries() == 2);
        stop.request_stop();
        CHECK_THROWS_AS(writer.write("more"), OperationCancelled);
        CHECK(folder.entries() == 1);
        CHECK_THROWS_AS(writer.commit(), FileWriteError);
    }
    CHECK_THROWS_AS(writeFileAtomically(target, "new", stop.get_token()), OperationCancelled);
    CHECK(contentsOf(target) == "old");
    CHECK(folder.entries() == 1);
}

// #19
TEST_CASE("Files flushed but not committed stay out of place until commit", "[atomic][robust]")
{
    ScratchFolder folder;
    const fs::path first = folder.path() / "a.json";
    const fs::path second = folder.path() / "b.html";
    writeFileAtomically(first, "old a");
    AtomicFileWriter a(first);
    AtomicFileWriter b(second);
    a.write("new a");
    b.write("new b");
    a.flush();
    b.flush();
    CHECK(contentsOf(first) == "old a");
    CHECK_FALSE(fs::exists(second));
    a.commit();
    b.commit();
    CHECK(contentsOf(first) == "new a");
    CHECK(contentsOf(second) == "new b");
    CHECK(folder.entries() == 2);
}

// #19
TEST_CASE("discardOpenAtomicWrites removes the temporary files of open writers", "[atomic][robust]")
{
    ScratchFolder folder;
    AtomicFileWriter writer(folder.path() / "report.pdf");
    writer.write("half a report");
    CHECK(folder.entries() == 1);
    qiscout::core::discardOpenAtomicWrites();
    CHECK(folder.entries() == 0);
}

} // namespace
