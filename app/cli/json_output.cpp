// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_output.h"

#include <iostream>
#include <utility>

#include "qiscout/core/io/output/atomic_file_writer.h"

#include "command.h"

namespace qiscout::cli {

int writeJsonOutput(const std::string& target, std::string_view document, std::stop_token stop)
{
    if (target == "-") {
        std::cout << document << std::flush;
        return exitOk;
    }
    try {
        core::writeFileAtomically(target, document, std::move(stop));
    } catch (const core::FileWriteError& error) {
        std::cerr << "qiscout-cli: " << error.what() << '\n';
        return exitInputError;
    }
    return exitOk;
}

} // namespace qiscout::cli
