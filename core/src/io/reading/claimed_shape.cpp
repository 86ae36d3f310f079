// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/reading/claimed_shape.h"

#include <limits>

#include "qiscout/core/io/reading/load_error.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/util/out_of_memory.h"

namespace qiscout::core {

std::uint64_t encodedTableBytes(const ClaimedShape& shape)
{
    std::uint64_t cells = 0;
    std::uint64_t bytes = 0;
    if (__builtin_mul_overflow(shape.rows, shape.columns, &cells) || __builtin_mul_overflow(cells, 4, &bytes))
        return std::numeric_limits<std::uint64_t>::max();
    return bytes;
}

void checkClaimedShape(const ClaimedShape& shape, const std::string& file, std::uint64_t availableBytes)
{
    const std::string size = std::to_string(shape.rows) + " rows x " + std::to_string(shape.columns) + " columns";
    if (shape.rows > maxTableRows)
        throw LoadError(LoadErrorKind::TooManyRows, file, 0, 0,
                        "Cannot load '" + file + "': it says it holds " + size + ", more than the " +
                            std::to_string(maxTableRows) + " rows a table may have.");
    if (shape.columns > maxTableColumns)
        throw LoadError(LoadErrorKind::TooManyColumns, file, 0, 0,
                        "Cannot load '" + file + "': it says it holds " + size + ", more than the " +
                            std::to_string(maxTableColumns) + " columns a table may have.");
    const std::uint64_t needed = encodedTableBytes(shape);
    if (needed > availableBytes)
        throw LoadError(LoadErrorKind::OutOfMemory, file, 0, 0,
                        OutOfMemoryError("loading '" + file + "' (" + size + ")", needed).what());
}

} // namespace qiscout::core
