// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli generate ROWS COLS SEED [--missing S] [--max-cardinality N] [--correlated S]`: the
// synthetic tables of the README's benchmarks.
#include <cstdint>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "qiscout/core/table/synthetic_table.h"

#include "command.h"

namespace qiscout::cli {

void addGenerateCommand(CLI::App& app, Command& selected)
{
    auto shape = std::make_shared<core::SyntheticTableShape>();
    CLI::App* command =
        app.add_subcommand("generate", "Write a deterministic synthetic census-like table (CSV) to standard output");
    command->add_option("rows", shape->rows, "Number of rows")
        ->required()
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32U));
    command->add_option("columns", shape->columns, "Number of columns (1 to 4096)")
        ->required()
        ->check(CLI::Range(1, 4096));
    command->add_option("seed", shape->seed, "Seed of the random generator")->required();
    command
        ->add_option("--missing", shape->missingShare,
                     "Average share of cells left empty (0 to 1; each column draws its own share; default 0)")
        ->check(CLI::Range(0.0, 1.0));
    command
        ->add_option("--max-cardinality", shape->maxCardinality,
                     "Most distinct values per column, like coded survey answers (default: no cap)")
        ->check(CLI::Range(2, 1 << 30));
    command
        ->add_option("--correlated", shape->correlatedShare,
                     "Share of columns derived from the column before them in 90% of rows (0 to 1; default 0.25)")
        ->check(CLI::Range(0.0, 1.0));
    command->callback([shape, &selected] {
        selected = [shape] {
            std::ios::sync_with_stdio(false);
            core::writeSyntheticTable(std::cout, *shape);
            std::cout.flush();
            if (!std::cout) {
                std::cerr << "qiscout-cli: Cannot write the table to standard output.\n";
                return int{exitInputError};
            }
            return int{exitOk};
        };
    });
}

} // namespace qiscout::cli
