// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/output/atomic_file_writer.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <random>
#include <set>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qiscout/core/util/cancellation.h"

namespace qiscout::core {
namespace {

/// Pieces written between two looks at the stop token.
constexpr std::size_t writePieceBytes = std::size_t{1} << 20;
/// Symbolic links followed before giving up, as the kernel does (MAXSYMLINKS).
constexpr int maxLinkHops = 40;

/// The temporary files open in this process. A process ended by a second Ctrl-C has no time to
/// unwind, so its writers' files are removed from here; one registry for the whole process is the
/// nature of that exit.
class OpenTemporaries {
public:
    static OpenTemporaries& instance()
    {
        static OpenTemporaries registry;
        return registry;
    }
    void add(const std::string& path)
    {
        const std::lock_guard lock(m_mutex);
        m_paths.insert(path);
    }
    void remove(const std::string& path)
    {
        const std::lock_guard lock(m_mutex);
        m_paths.erase(path);
    }
    void unlinkAll() noexcept
    {
        const std::lock_guard lock(m_mutex);
        for (const std::string& path : m_paths)
            ::unlink(path.c_str());
        m_paths.clear();
    }

private:
    std::mutex m_mutex;
    std::set<std::string> m_paths;
};

/// ".report.html.<pid>-<random>.tmp": hidden from ordinary folder listings, and naming the
/// process that writes it, so that a later writer can tell an abandoned one from a live one.
std::string temporaryName(const std::filesystem::path& destination)
{
    static std::atomic<unsigned> counter{0};
    std::random_device entropy;
    const unsigned tag = entropy() ^ (counter.fetch_add(1) << 24);
    std::array<char, 48> suffix{};
    std::snprintf(suffix.data(), suffix.size(), ".%ld-%08x.tmp", static_cast<long>(::getpid()), tag);
    return "." + destination.filename().string() + suffix.data();
}

/// Whether `name` is a temporary file of temporaryName(destination) whose process has ended.
bool isAbandonedTemporary(const std::string& name, const std::string& destinationName)
{
    const std::string prefix = "." + destinationName + ".";
    if (name.size() <= prefix.size() + 4 || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - 4, 4, ".tmp") != 0)
        return false;
    const std::string tag = name.substr(prefix.size(), name.size() - prefix.size() - 4);
    const std::size_t dash = tag.find('-');
    if (dash == 0 || dash == std::string::npos || tag.size() - dash - 1 != 8 ||
        !std::all_of(tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(dash),
                     [](char c) { return c >= '0' && c <= '9'; }) ||
        !std::all_of(tag.begin() + static_cast<std::ptrdiff_t>(dash) + 1, tag.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
        return false;
    const long pid = std::strtol(tag.substr(0, dash).c_str(), nullptr, 10);
    return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

void removeAbandonedTemporaries(const std::filesystem::path& folder, const std::string& destinationName)
{
    std::error_code error;
    for (std::filesystem::directory_iterator entry(folder, error), end; !error && entry != end;
         entry.increment(error)) {
        const std::string name = entry->path().filename().string();
        if (isAbandonedTemporary(name, destinationName))
            ::unlink(entry->path().c_str());
    }
}

} // namespace

FileWriteError::FileWriteError(std::filesystem::path path, const std::string& message)
    : std::runtime_error(message)
    , m_path(std::move(path))
{}

std::filesystem::path writeDestination(const std::filesystem::path& target)
{
    const std::string shown = target.string();
    if (target.filename().empty())
        throw FileWriteError(target, "Cannot write " + shown + ": the path names a folder, not a file.");
    std::filesystem::path destination = target;
    struct stat status {};
    bool exists = false;
    for (int hop = 0;; ++hop) {
        if (::lstat(destination.c_str(), &status) != 0)
            break;
        if (!S_ISLNK(status.st_mode)) {
            exists = true;
            break;
        }
        if (hop == maxLinkHops)
            throw FileWriteError(target, "Cannot write " + shown + ": too many levels of symbolic links.");
        // The kernel's fs.protected_symlinks rule, which a writer resolving links itself would
        // otherwise sidestep: in a sticky, world-writable folder such as /tmp another user's link
        // may point anywhere the victim can write.
        const std::filesystem::path linkFolder = destination.has_parent_path() ? destination.parent_path() : ".";
        struct stat folderStatus {};
        if (::stat(linkFolder.c_str(), &folderStatus) == 0 && (folderStatus.st_mode & S_ISVTX) != 0 &&
            (folderStatus.st_mode & S_IWOTH) != 0 && status.st_uid != ::geteuid() &&
            status.st_uid != folderStatus.st_uid)
            throw FileWriteError(target, "Cannot write " + shown + ": the symbolic link " + destination.string() +
                                             " belongs to user " + std::to_string(status.st_uid) +
                                             ", neither you nor the owner of its sticky, world-writable folder " +
                                             linkFolder.string() +
                                             "; QIScout does not follow it, as the kernel would not "
                                             "(fs.protected_symlinks).");
        std::error_code error;
        const std::filesystem::path link = std::filesystem::read_symlink(destination, error);
        if (error)
            throw FileWriteError(target, "Cannot write " + shown + ": cannot read the symbolic link " +
                                             destination.string() + " (" + error.message() + ").");
        destination = link.is_absolute() ? link : destination.parent_path() / link;
    }
    if (exists && S_ISDIR(status.st_mode))
        throw FileWriteError(target, "Cannot write " + shown + ": a folder with that name exists.");
    if (exists && !S_ISREG(status.st_mode))
        throw FileWriteError(target, "Cannot write " + shown +
                                         ": it is a device, pipe or socket, not a regular file; QIScout replaces "
                                         "only regular files.");
    const std::filesystem::path folder = destination.has_parent_path() ? destination.parent_path() : ".";
    struct stat folderStatus {};
    if (::stat(folder.c_str(), &folderStatus) != 0) {
        const int reason = errno;
        throw FileWriteError(target,
                             "Cannot write " + shown + ": the folder " + folder.string() +
                                 (reason == ENOENT ? " does not exist."
                                                   : " cannot be read (" + std::string(std::strerror(reason)) + ")."));
    }
    if (!S_ISDIR(folderStatus.st_mode))
        throw FileWriteError(target, "Cannot write " + shown + ": " + folder.string() + " is not a folder.");
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        throw FileWriteError(target, "Cannot write " + shown + ": cannot create a file in " + folder.string() + " (" +
                                         std::strerror(errno) + ").");
    return destination;
}

AtomicFileWriter::AtomicFileWriter(std::filesystem::path target, std::stop_token stop)
    : m_target(std::move(target))
    , m_destination(writeDestination(m_target))
    , m_stop(std::move(stop))
{
    const std::string shown = m_target.string();
    struct stat status {};
    const bool exists = ::stat(m_destination.c_str(), &status) == 0;
    throwIfStopRequested(m_stop, "Writing " + shown);

    const std::filesystem::path folder = m_destination.has_parent_path() ? m_destination.parent_path() : ".";
    removeAbandonedTemporaries(folder, m_destination.filename().string());
    for (int attempt = 0; attempt < 100; ++attempt) {
        m_temporary = folder / temporaryName(m_destination);
        m_descriptor = ::open(m_temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m_descriptor >= 0)
            break;
        if (errno != EEXIST)
            break;
    }
    if (m_descriptor < 0) {
        const int reason = errno;
        m_temporary.clear();
        throw FileWriteError(m_target, "Cannot write " + shown + ": cannot create a file in " + folder.string() + " (" +
                                           std::strerror(reason) + ").");
    }
    OpenTemporaries::instance().add(m_temporary.string());
    if (exists) {
        // The new file replaces the old one for its readers: same owner where we may set it,
        // same permissions (after chown, which clears set-id bits).
        if (status.st_uid != ::geteuid() || status.st_gid != ::getegid())
            static_cast<void>(::fchown(m_descriptor, status.st_uid, status.st_gid));
        if (::fchmod(m_descriptor, status.st_mode & 07777) != 0)
            fail("keeping the file's permissions", errno);
    }
}

AtomicFileWriter::~AtomicFileWriter()
{
    if (!m_committed)
        discard();
}

void AtomicFileWriter::discard() noexcept
{
    if (m_descriptor >= 0) {
        ::close(m_descriptor);
        m_descriptor = -1;
    }
    if (!m_temporary.empty()) {
        ::unlink(m_temporary.c_str());
        OpenTemporaries::instance().remove(m_temporary.string());
        m_temporary.clear();
    }
}

void AtomicFileWriter::fail(const std::string& action, int error)
{
    discard();
    throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": " + action + " failed (" +
                                       std::strerror(error) + "); nothing was written.");
}

void AtomicFileWriter::throwIfStopped()
{
    if (!m_stop.stop_requested())
        return;
    discard();
    throwIfStopRequested(m_stop, "Writing " + m_target.string());
}

void AtomicFileWriter::write(std::string_view bytes)
{
    if (m_descriptor < 0)
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": the file is already closed.");
    while (!bytes.empty()) {
        throwIfStopped();
        const ssize_t written = ::write(m_descriptor, bytes.data(), std::min(bytes.size(), writePieceBytes));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("writing", errno);
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

void AtomicFileWriter::flush()
{
    if (m_descriptor < 0)
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": the file is already closed.");
    throwIfStopped();
    // A delayed allocation failure (full disk, quota) surfaces at fsync or close, not at write.
    if (::fsync(m_descriptor) != 0)
        fail("flushing to disk", errno);
    const int descriptor = m_descriptor;
    m_descriptor = -1;
    if (::close(descriptor) != 0)
        fail("closing", errno);
    m_flushed = true;
}

void AtomicFileWriter::commit()
{
    if (!m_flushed)
        flush();
    if (m_temporary.empty())
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": the file is already closed.");
    throwIfStopped();
    if (::rename(m_temporary.c_str(), m_destination.c_str()) != 0)
        fail("renaming the temporary file into place", errno);
    OpenTemporaries::instance().remove(m_temporary.string());
    m_temporary.clear();
    m_committed = true;
    const std::filesystem::path folder = m_destination.has_parent_path() ? m_destination.parent_path() : ".";
    // Makes the rename itself durable; a folder that cannot be opened or synced is not an error for
    // the file's contents, which are already complete.
    const int folderDescriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folderDescriptor >= 0) {
        ::fsync(folderDescriptor);
        ::close(folderDescriptor);
    }
}

void writeFileAtomically(const std::filesystem::path& target, std::string_view contents, std::stop_token stop)
{
    AtomicFileWriter writer(target, std::move(stop));
    writer.write(contents);
    writer.commit();
}

void discardOpenAtomicWrites() noexcept
{
    OpenTemporaries::instance().unlinkAll();
}

} // namespace qiscout::core
