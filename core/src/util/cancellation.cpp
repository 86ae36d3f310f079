// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/util/cancellation.h"

namespace qiscout::core {

void throwIfStopRequested(const std::stop_token& stop, const std::string& operation)
{
    if (stop.stop_requested())
        throw OperationCancelled(operation + " was cancelled.");
}

} // namespace qiscout::core
