// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/load_failure.h"

namespace qiscout::core {

void failLoad(LoadErrorKind kind, const std::string& file, std::uint64_t line, std::uint64_t column,
              const std::string& where, const std::string& detail)
{
    std::string message = "Cannot load '" + file + "'";
    if (!where.empty())
        message += ": " + where;
    message += ": " + detail + ".";
    throw LoadError(kind, file, line, column, message);
}

void throwIfCancelled(const std::stop_token& stop, const std::string& file)
{
    if (stop.stop_requested())
        throw LoadError(LoadErrorKind::Cancelled, file, 0, 0, "Loading '" + file + "' was cancelled.");
}

} // namespace qiscout::core
