// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/excel/zip_archive.h"

#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include <zip.h>

#include "qiscout/core/io/reading/load_error.h"
#include "qiscout/core/util/out_of_memory.h"

#include "io/reading/load_failure.h"

namespace qiscout::core {
namespace {

constexpr std::size_t pieceBytes = std::size_t{64} << 10;

} // namespace

ZipArchive::ZipArchive(std::string_view bytes, std::string file) : m_file(std::move(file))
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
    if (source != nullptr) {
        m_archive = zip_open_from_source(source, ZIP_RDONLY, &error);
        if (m_archive == nullptr)
            zip_source_free(source);
    }
    if (m_archive == nullptr) {
        const std::string reason = zip_error_strerror(&error);
        zip_error_fini(&error);
        fail("it is not an Excel workbook (.xlsx is a zip archive; " + reason + ")");
    }
    zip_error_fini(&error);
}

ZipArchive::~ZipArchive()
{
    if (m_archive != nullptr)
        zip_discard(m_archive);
}

void ZipArchive::fail(const std::string& detail) const
{
    failLoad(LoadErrorKind::Malformed, m_file, 0, 0, {}, detail);
}

std::optional<std::uint64_t> ZipArchive::entrySize(const std::string& name) const
{
    const zip_int64_t index = zip_name_locate(m_archive, name.c_str(), 0);
    if (index < 0)
        return std::nullopt;
    zip_stat_t status;
    zip_stat_init(&status);
    if (zip_stat_index(m_archive, static_cast<zip_uint64_t>(index), 0, &status) != 0 ||
        (status.valid & ZIP_STAT_SIZE) == 0)
        return std::uint64_t{0};
    return status.size;
}

void ZipArchive::failTooLarge(const std::string& name, std::uint64_t bytes, std::uint64_t copies) const
{
    const std::uint64_t needed = bytes > std::numeric_limits<std::uint64_t>::max() / copies
                                     ? std::numeric_limits<std::uint64_t>::max()
                                     : bytes * copies;
    throw LoadError(LoadErrorKind::OutOfMemory, m_file, 0, 0,
                    OutOfMemoryError("inflating part " + name + " of '" + m_file + "'", needed).what());
}

void ZipArchive::stream(const std::string& name, const std::function<bool(std::string_view)>& consume,
                        std::uint64_t availableBytes, std::uint64_t copies) const
{
    const zip_int64_t index = zip_name_locate(m_archive, name.c_str(), 0);
    if (index < 0)
        fail("the workbook has no part " + name);
    const std::uint64_t maxBytes = availableBytes / copies;
    if (const std::optional<std::uint64_t> declared = entrySize(name); declared && *declared > maxBytes)
        failTooLarge(name, *declared, copies);
    zip_file_t* entry = zip_fopen_index(m_archive, static_cast<zip_uint64_t>(index), 0);
    if (entry == nullptr)
        fail("part " + name + " cannot be opened (" + zip_strerror(m_archive) + ")");
    const std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> owner(entry, zip_fclose);
    std::vector<char> buffer(pieceBytes);
    std::uint64_t inflated = 0;
    for (;;) {
        const zip_int64_t count = zip_fread(entry, buffer.data(), buffer.size());
        if (count < 0)
            fail("part " + name + " is damaged (" + zip_file_strerror(entry) + ")");
        inflated += static_cast<std::uint64_t>(count);
        if (inflated > maxBytes)
            failTooLarge(name, inflated, copies);
        if (count == 0 || !consume(std::string_view(buffer.data(), static_cast<std::size_t>(count))))
            return;
    }
}

} // namespace qiscout::core
