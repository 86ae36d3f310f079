// SPDX-License-Identifier: GPL-3.0-or-later
#include "markdown_table.h"

#include <cstdio>

#include <fmt/core.h>

namespace qiscout::cli {

void printMarkdownHeader(const std::vector<MarkdownColumn>& columns)
{
    std::vector<std::string> titles;
    std::vector<std::string> alignments;
    for (const MarkdownColumn& column : columns) {
        titles.push_back(column.title);
        alignments.push_back(column.number ? "---:" : "---");
    }
    printMarkdownRow(titles);
    printMarkdownRow(alignments);
}

void printMarkdownRow(const std::vector<std::string>& cells)
{
    std::string line = "|";
    for (const std::string& cell : cells)
        line += " " + cell + " |";
    fmt::print("{}\n", line);
    std::fflush(stdout);
}

} // namespace qiscout::cli
