// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark commands' figures as a Markdown table, the form the README quotes them in: the
// header first, then each row as soon as it is measured (flushed, so a long benchmark shows its
// figures as they come).
#pragma once

#include <string>
#include <vector>

namespace qiscout::cli {

/// A column of a benchmark's table.
struct MarkdownColumn {
    std::string title;
    /// Numbers are right-aligned, names left-aligned.
    bool number = true;
};

/// Prints the header line and the alignment line to standard output.
void printMarkdownHeader(const std::vector<MarkdownColumn>& columns);

/// Prints one row (one text per column) to standard output and flushes it.
void printMarkdownRow(const std::vector<std::string>& cells);

} // namespace qiscout::cli
