// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/reading/regular_file.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qiscout/core/util/cancellation.h"
#include "qiscout/core/util/out_of_memory.h"

namespace qiscout::core {
namespace {

constexpr std::size_t readChunkBytes = std::size_t{1} << 20;

const char* kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a named pipe (FIFO)";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

[[noreturn]] void failRead(const std::filesystem::path& path, const std::string& reason)
{
    throw FileReadError(path, "Cannot read '" + path.string() + "': " + reason + ".");
}

} // namespace

FileReadError::FileReadError(std::filesystem::path path, const std::string& message)
    : std::runtime_error(message)
    , m_path(std::move(path))
{}

RegularFile::RegularFile(const std::filesystem::path& path) : m_path(path)
{
    // O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever; on a regular file
    // it changes nothing.
    m_descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (m_descriptor < 0)
        failRead(path, std::strerror(errno));
    struct stat status {};
    if (::fstat(m_descriptor, &status) != 0) {
        const int error = errno;
        ::close(m_descriptor);
        failRead(path, std::strerror(error));
    }
    if (!S_ISREG(status.st_mode)) {
        ::close(m_descriptor);
        const char* kind = kindOf(status.st_mode);
        failRead(path, std::string("it is ") + kind + ", not a regular file; QIScout reads only regular files");
    }
    m_size = static_cast<std::uint64_t>(status.st_size);
    m_modifiedSeconds = status.st_mtim.tv_sec;
    m_modifiedNanoseconds = status.st_mtim.tv_nsec;
}

RegularFile::~RegularFile()
{
    ::close(m_descriptor);
}

bool RegularFile::changedSinceOpened() const
{
    struct stat status {};
    if (::fstat(m_descriptor, &status) != 0)
        return true;
    return static_cast<std::uint64_t>(status.st_size) != m_size || status.st_mtim.tv_sec != m_modifiedSeconds ||
           status.st_mtim.tv_nsec != m_modifiedNanoseconds;
}

void forEachRegularFilePiece(const std::filesystem::path& path, std::uint64_t maxBytes, const std::string& what,
                             const std::function<void(std::uint64_t size, std::string_view piece)>& piece,
                             std::stop_token stop)
{
    const RegularFile file(path);
    if (file.size() > maxBytes)
        failRead(path, what + " is " + describeBytes(file.size()) + ", more than the " + describeBytes(maxBytes) +
                           " such a file may have");
    std::string buffer(readChunkBytes, '\0');
    // The size is checked again while reading: the file may grow after fstat.
    std::uint64_t done = 0;
    for (;;) {
        throwIfStopRequested(stop, "Reading '" + path.string() + "'");
        const ssize_t count = ::read(file.descriptor(), buffer.data(), readChunkBytes);
        if (count < 0) {
            if (errno == EINTR)
                continue;
            failRead(path, std::strerror(errno));
        }
        if (count == 0)
            return;
        done += static_cast<std::uint64_t>(count);
        if (done > maxBytes)
            failRead(path, what + " grew beyond the " + describeBytes(maxBytes) + " such a file may have");
        piece(file.size(), std::string_view(buffer.data(), static_cast<std::size_t>(count)));
    }
}

std::string readRegularFile(const std::filesystem::path& path, std::uint64_t maxBytes, const std::string& what,
                            std::stop_token stop)
{
    std::string bytes;
    forEachRegularFilePiece(
        path, maxBytes, what,
        [&bytes](std::uint64_t size, std::string_view piece) {
            if (bytes.empty())
                bytes.reserve(static_cast<std::size_t>(size));
            bytes += piece;
        },
        std::move(stop));
    return bytes;
}

} // namespace qiscout::core
