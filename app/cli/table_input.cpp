// SPDX-License-Identifier: GPL-3.0-or-later
#include "table_input.h"

#include <chrono>
#include <iostream>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/io/table_loader.h"

#include "command.h"
#include "failed_allocation.h"
#include "interrupt.h"

namespace qiscout::cli {

TableInput loadTableInput(const std::string& file, const LoadFlags& flags, const std::stop_token& stop)
{
    TableInput input;
    const auto started = std::chrono::steady_clock::now();
    setMemoryPhase("loading " + core::withoutPassword(file));
    try {
        input.table = core::loadTable(file, flags.options(file), stop, {}, input.used);
    } catch (const core::LoadError& error) {
        if (error.kind() == core::LoadErrorKind::Cancelled) {
            std::cerr << "qiscout-cli: cancelled while loading " << core::withoutPassword(file) << ".\n";
            exitStopped();
        } else {
            std::cerr << "qiscout-cli: " << error.what() << '\n';
            input.exitCode = exitInputError;
        }
        return input;
    }
    input.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return input;
}

TableInput loadOptionalTableInput(const std::string& file, const LoadFlags& flags, const std::stop_token& stop)
{
    return file.empty() ? TableInput{} : loadTableInput(file, flags, stop);
}

} // namespace qiscout::cli
