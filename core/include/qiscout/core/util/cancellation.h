// SPDX-License-Identifier: GPL-3.0-or-later
// One way to stop any long operation: the caller's std::stop_token, polled by the operation. The
// CLI requests stop on SIGINT and SIGTERM and the GUI on its Cancel button; loading, searching,
// building and writing reports and anonymising all poll the token they are given.
#pragma once

#include <stdexcept>
#include <stop_token>
#include <string>

namespace qiscout::core {

/// A long operation stopped because its std::stop_token asked it to; what() names the operation.
/// Nothing it would have written has been written.
class OperationCancelled : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Throws OperationCancelled ("<operation> was cancelled.") when stop has been requested.
void throwIfStopRequested(const std::stop_token& stop, const std::string& operation);

} // namespace qiscout::core
