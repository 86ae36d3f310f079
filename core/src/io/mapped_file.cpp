// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/mapped_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qiscout/core/io/load_error.h"

namespace qiscout::core {
namespace {

[[noreturn]] void failUnreadable(const std::string& path, const std::string& reason)
{
    throw LoadError(LoadErrorKind::Unreadable, path, 0, 0, "Cannot read '" + path + "': " + reason + ".");
}

/// Closes the descriptor on every path out of the constructor; the map outlives it.
struct FileDescriptor {
    int fd;
    ~FileDescriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

MappedFile::MappedFile(const std::string& path)
{
    const FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0)
        failUnreadable(path, std::strerror(errno));
    struct stat status {};
    if (::fstat(file.fd, &status) != 0)
        failUnreadable(path, std::strerror(errno));
    if (!S_ISREG(status.st_mode))
        failUnreadable(path, "it is not a regular file");
    m_size = static_cast<std::size_t>(status.st_size);
    if (m_size == 0)
        return;
    void* map = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (map == MAP_FAILED)
        failUnreadable(path, std::strerror(errno));
    ::madvise(map, m_size, MADV_SEQUENTIAL);
    m_map = map;
}

MappedFile::~MappedFile()
{
    if (m_map != nullptr)
        ::munmap(m_map, m_size);
}

void MappedFile::release(std::size_t prefix)
{
    const auto pageSize = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t end = (std::min(prefix, m_size) / pageSize) * pageSize;
    if (m_map == nullptr || end <= m_released)
        return;
    ::madvise(static_cast<char*>(m_map) + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
}

} // namespace qiscout::core
