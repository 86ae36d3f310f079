// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/atomic_file_writer.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qiscout::core {
namespace {

std::string temporaryName(const std::filesystem::path& target)
{
    static std::atomic<unsigned> counter{0};
    std::random_device entropy;
    const unsigned long long tag = (static_cast<unsigned long long>(entropy()) << 20) ^
                                   static_cast<unsigned long long>(::getpid()) ^
                                   (static_cast<unsigned long long>(counter.fetch_add(1)) << 40);
    std::array<char, 32> suffix{};
    std::snprintf(suffix.data(), suffix.size(), ".%012llx.tmp", tag & 0xffffffffffffULL);
    // A leading dot keeps the half-written file out of ordinary folder listings.
    return "." + target.filename().string() + suffix.data();
}

} // namespace

FileWriteError::FileWriteError(std::filesystem::path path, const std::string& message)
    : std::runtime_error(message)
    , m_path(std::move(path))
{}

AtomicFileWriter::AtomicFileWriter(std::filesystem::path target) : m_target(std::move(target))
{
    if (m_target.filename().empty())
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": the path names a folder, not a file.");
    std::error_code error;
    if (std::filesystem::is_directory(m_target, error))
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": a folder with that name exists.");
    const std::filesystem::path folder = m_target.has_parent_path() ? m_target.parent_path() : ".";
    for (int attempt = 0; attempt < 100; ++attempt) {
        m_temporary = folder / temporaryName(m_target);
        m_descriptor = ::open(m_temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m_descriptor >= 0)
            return;
        if (errno != EEXIST)
            break;
    }
    const int reason = errno;
    m_temporary.clear();
    throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": cannot create a file in " +
                                       folder.string() + " (" + std::strerror(reason) + ").");
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
        m_temporary.clear();
    }
}

void AtomicFileWriter::fail(const std::string& action, int error)
{
    discard();
    throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": " + action + " failed (" +
                                       std::strerror(error) + "); nothing was written.");
}

void AtomicFileWriter::write(std::string_view bytes)
{
    if (m_descriptor < 0)
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": the file is already closed.");
    while (!bytes.empty()) {
        const ssize_t written = ::write(m_descriptor, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("writing", errno);
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

void AtomicFileWriter::commit()
{
    if (m_descriptor < 0)
        throw FileWriteError(m_target, "Cannot write " + m_target.string() + ": the file is already closed.");
    // A delayed allocation failure (full disk, quota) surfaces at fsync or close, not at write.
    if (::fsync(m_descriptor) != 0)
        fail("flushing to disk", errno);
    const int descriptor = m_descriptor;
    m_descriptor = -1;
    if (::close(descriptor) != 0)
        fail("closing", errno);
    if (::rename(m_temporary.c_str(), m_target.c_str()) != 0)
        fail("renaming the temporary file into place", errno);
    m_temporary.clear();
    m_committed = true;
    const std::filesystem::path folder = m_target.has_parent_path() ? m_target.parent_path() : ".";
    // Makes the rename itself durable; a folder that cannot be opened or synced is not an error for
    // the file's contents, which are already complete.
    const int folderDescriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folderDescriptor >= 0) {
        ::fsync(folderDescriptor);
        ::close(folderDescriptor);
    }
}

void writeFileAtomically(const std::filesystem::path& target, std::string_view contents)
{
    AtomicFileWriter writer(target);
    writer.write(contents);
    writer.commit();
}

} // namespace qiscout::core
