// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/statistical/readstat_memory_input.h"

#include <algorithm>
#include <cstring>

namespace qiscout::core {
namespace {

int openInput(const char* /*path*/, void* io)
{
    static_cast<MemoryInput*>(io)->position = 0;
    return 0;
}

int closeInput(void* /*io*/)
{
    return 0;
}

readstat_off_t seekInput(readstat_off_t offset, readstat_io_flags_t whence, void* io)
{
    auto& input = *static_cast<MemoryInput*>(io);
    const auto size = static_cast<readstat_off_t>(input.bytes.size());
    readstat_off_t base = 0;
    if (whence == READSTAT_SEEK_CUR)
        base = static_cast<readstat_off_t>(input.position);
    else if (whence == READSTAT_SEEK_END)
        base = size;
    if (offset > size || offset < -size)
        return -1;
    const readstat_off_t target = base + offset;
    if (target < 0 || target > size)
        return -1;
    input.position = static_cast<std::size_t>(target);
    return target;
}

ssize_t readInput(void* buffer, std::size_t bytes, void* io)
{
    auto& input = *static_cast<MemoryInput*>(io);
    const std::size_t count = std::min(bytes, input.bytes.size() - input.position);
    if (count > 0)
        std::memcpy(buffer, input.bytes.data() + input.position, count);
    input.position += count;
    return static_cast<ssize_t>(count);
}

readstat_error_t updateInput(long /*fileSize*/, readstat_progress_handler handler, void* user, void* io)
{
    const auto& input = *static_cast<MemoryInput*>(io);
    if (handler == nullptr || input.bytes.empty())
        return READSTAT_OK;
    const double fraction = static_cast<double>(input.position) / static_cast<double>(input.bytes.size());
    return handler(fraction, user) == READSTAT_HANDLER_OK ? READSTAT_OK : READSTAT_ERROR_USER_ABORT;
}

} // namespace

void readFromMemory(readstat_parser_t* parser, MemoryInput& input)
{
    readstat_set_open_handler(parser, openInput);
    readstat_set_close_handler(parser, closeInput);
    readstat_set_seek_handler(parser, seekInput);
    readstat_set_read_handler(parser, readInput);
    readstat_set_update_handler(parser, updateInput);
    readstat_set_io_ctx(parser, &input);
}

} // namespace qiscout::core
