// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli bench-load`: load+encode throughput and peak memory, for the README's figures.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/io/table_loader.h"

#include "command.h"
#include "flag_checks.h"
#include "load_flags.h"
#include "process_usage.h"

namespace qiscout::cli {
namespace {

struct BenchArguments {
    std::vector<std::string> files;
    int repeat = 5;
    LoadFlags load;
};

int runBench(const BenchArguments& arguments)
{
    for (const std::string& file : arguments.files) {
        std::error_code error;
        const auto size = std::filesystem::file_size(core::sourceFilePath(file), error);
        if (error) {
            std::cerr << "qiscout-cli: Cannot read '" << file << "': " << error.message() << ".\n";
            return exitInputError;
        }
        std::vector<double> seconds;
        std::uint32_t rows = 0;
        std::size_t columns = 0;
        try {
            for (int run = 0; run < arguments.repeat; ++run) {
                const auto start = std::chrono::steady_clock::now();
                const core::EncodedTable table = core::loadTable(file, arguments.load.options(file));
                seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
                rows = table.rowCount;
                columns = table.columnCount();
            }
        } catch (const core::LoadError& loadError) {
            std::cerr << "qiscout-cli: " << loadError.what() << '\n';
            return exitInputError;
        }
        std::sort(seconds.begin(), seconds.end());
        const std::size_t n = seconds.size();
        const double middle = median(seconds);
        const double megabytes = static_cast<double>(size) / 1e6;
        fmt::print("{}\n"
                   "  size:        {:.1f} MB ({} rows x {} columns)\n"
                   "  load+encode: {:.3f} s median of {} (min {:.3f}, max {:.3f})\n"
                   "  throughput:  {:.1f} MB/s, {:.1f} M rows/s\n"
                   "  peak RSS:    {:.1f} MiB (whole process so far)\n",
                   file, megabytes, rows, columns, middle, n, seconds.front(), seconds.back(), megabytes / middle,
                   static_cast<double>(rows) / middle / 1e6, peakRssMiB());
    }
    return exitOk;
}

} // namespace

void addBenchLoadCommand(CLI::App& app, Command& selected)
{
    auto arguments = std::make_shared<BenchArguments>();
    CLI::App* bench = app.add_subcommand(
        "bench-load", "Time loading and encoding files (median of --repeat runs) and report peak memory");
    bench
        ->add_option("files", arguments->files,
                     "Files to load (delimited, SPSS, Stata, SAS, Excel or sqlite:PATH); give one per run for a "
                     "per-file peak RSS")
        ->required();
    bench->add_option("--repeat", arguments->repeat, "Loads per file (default 5)")->check(atLeastOne());
    arguments->load.addTo(*bench);
    bench->callback([&selected, arguments] { selected = [arguments] { return runBench(*arguments); }; });
}

} // namespace qiscout::cli
