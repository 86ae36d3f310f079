// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli generate-discharge FILE [--rows N] [--seed S]`: the synthetic hospital discharge
// table of the automatic hierarchies' and local suppression's measurements (#34), as CSV, so that
// docs/performance.md's figures on it can be reproduced from the command line.
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/table/discharge_table.h"

#include "command.h"

namespace qiscout::cli {
namespace {

struct GenerateDischargeOptions {
    std::string file;
    core::DischargeTableShape shape;
};

} // namespace

void addGenerateDischargeCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<GenerateDischargeOptions>();
    CLI::App* command = app.add_subcommand(
        "generate-discharge",
        "Write a deterministic synthetic hospital discharge table (ten coded, skewed columns) to a CSV file");
    command->add_option("file", options->file, "The CSV file to write (replaced whole, or left as it was)")->required();
    command->add_option("--rows", options->shape.rows, "Number of rows (default 50000)")
        ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{100'000'000}));
    command->add_option("--seed", options->shape.seed, "Seed of the random generator (default 1)");
    command->callback([options, &selected] {
        selected = [options] {
            try {
                core::writeTable(core::makeDischargeTable(options->shape), options->file, core::TableFileFormat::Csv);
            } catch (const core::FileWriteError& error) {
                std::cerr << "qiscout-cli: " << error.what() << "\n";
                return int{exitInputError};
            }
            return int{exitOk};
        };
    });
}

} // namespace qiscout::cli
