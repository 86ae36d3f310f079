// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli info`: loads a table and summarises it, as text or JSON.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/io/table_loader.h"

#include "command.h"
#include "interrupt.h"
#include "load_flags.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

constexpr std::size_t topValueCount = 5;

struct InfoArguments {
    std::string file;
    LoadFlags load;
    bool json = false;
};

struct ValueCount {
    std::string value;
    std::uint32_t count = 0;
};

/// The most frequent values, most frequent first; ties keep first-appearance order.
std::vector<ValueCount> topValues(const core::EncodedColumn& column, std::size_t limit)
{
    std::vector<std::uint32_t> codes(column.dictionary.size());
    std::iota(codes.begin(), codes.end(), 0u);
    const std::size_t kept = std::min(limit, codes.size());
    std::partial_sort(codes.begin(), codes.begin() + static_cast<std::ptrdiff_t>(kept), codes.end(),
                      [&column](std::uint32_t a, std::uint32_t b) {
                          return column.frequencies[a] > column.frequencies[b] ||
                                 (column.frequencies[a] == column.frequencies[b] && a < b);
                      });
    std::vector<ValueCount> top;
    for (std::size_t i = 0; i < kept; ++i)
        top.push_back({column.dictionary[codes[i]], column.frequencies[codes[i]]});
    return top;
}

std::string delimiterName(char delimiter)
{
    return delimiter == '\t' ? "tab" : "'" + std::string(1, delimiter) + "'";
}

/// A cell for one line of text output: line breaks and tabs shown escaped, long values cut.
std::string printable(const std::string& value)
{
    constexpr std::size_t maxChars = 40;
    std::string out;
    for (const char c : value) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else
            out += c;
    }
    if (out.size() > maxChars) {
        std::size_t cut = maxChars;
        // Cut on a UTF-8 character boundary.
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80)
            --cut;
        out = out.substr(0, cut) + "...";
    }
    return out.empty() ? "\"\"" : out;
}

void printJson(const core::EncodedTable& table, const core::LoadSettings& used)
{
    nlohmann::ordered_json columns = nlohmann::ordered_json::array();
    for (const auto& column : table.columns) {
        nlohmann::ordered_json top = nlohmann::ordered_json::array();
        for (const auto& [value, count] : topValues(column, topValueCount))
            top.push_back({{"value", value}, {"count", count}});
        columns.push_back({{"name", column.name},
                           {"description", column.description},
                           {"type", core::toString(column.type)},
                           {"distinct", column.distinctCount()},
                           {"missing", column.missingCells()},
                           {"top", top}});
    }
    const nlohmann::ordered_json out = {{"file", table.sourcePath},
                                        {"format", core::nameIn(core::sourceFormatNames, used.format)},
                                        {"part", table.sourcePart},
                                        {"rows", table.rowCount},
                                        {"columns", columns},
                                        {"warnings", table.warnings},
                                        {"skipped_rows", table.skippedRows},
                                        {"delimiter", std::string(1, used.delimiter)},
                                        {"has_header", used.hasHeader},
                                        {"encoding", core::toString(used.encoding)}};
    std::cout << out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

void printText(const core::EncodedTable& table, const core::LoadSettings& used)
{
    std::cout << table.sourcePath << ": " << table.rowCount << " rows, " << table.columnCount() << " columns (";
    if (used.format == core::SourceFormat::Delimited)
        std::cout << "delimiter " << delimiterName(used.delimiter) << ", "
                  << (used.hasHeader ? "header row" : "no header row") << ", " << core::toString(used.encoding);
    else
        std::cout << core::nameIn(core::sourceFormatNames, used.format)
                  << (table.sourcePart.empty() ? "" : ", " + table.sourcePart);
    std::cout << ")\n";
    for (const auto& warning : table.warnings)
        std::cout << "warning: " << warning << '\n';
    if (table.skippedRows > 0)
        std::cout << "skipped rows: " << table.skippedRows << '\n';
    std::size_t nameWidth = 6;
    for (const auto& column : table.columns)
        nameWidth = std::max(nameWidth, std::min<std::size_t>(column.name.size(), 30));
    fmt::print("\n{:>5}  {:<{}}  {:<8}{:>10}{:>10}  most frequent (count)\n", "#", "column", nameWidth, "type",
               "distinct", "missing");
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const auto& column = table.columns[c];
        std::string top;
        for (const auto& [value, count] : topValues(column, topValueCount))
            top += (top.empty() ? "" : ", ") + printable(value) + " (" + std::to_string(count) + ")";
        fmt::print("{:>5}  {:<{}}  {:<8}{:>10}{:>10}  {}\n", c + 1, column.name, nameWidth, core::toString(column.type),
                   column.distinctCount(), column.missingCells(), top);
    }
}

int runInfo(const InfoArguments& arguments)
{
    // Before any other thread exists, so that none of them receives SIGINT/SIGTERM.
    const InterruptWatcher interrupt;
    const TableInput input = loadTableInput(arguments.file, arguments.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    if (arguments.json)
        printJson(*input.table, input.used);
    else
        printText(*input.table, input.used);
    return exitOk;
}

} // namespace

void addInfoCommand(CLI::App& app, Command& selected)
{
    auto arguments = std::make_shared<InfoArguments>();
    CLI::App* info = app.add_subcommand("info", "Load a table and print its size and a summary of every column");
    info->add_option("file", arguments->file, sourceHelp)->required();
    arguments->load.addTo(*info);
    info->add_flag("--json", arguments->json, "Print JSON instead of text");
    info->callback([&selected, arguments] { selected = [arguments] { return runInfo(*arguments); }; });
}

} // namespace qiscout::cli
