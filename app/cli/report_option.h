// SPDX-License-Identifier: GPL-3.0-or-later
// `scan --report OUT` (#6): the quasi-identifier report from the command line.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/report/report.h"

namespace qiscout::cli {

/// What the user asked for with --report and --include-values.
struct ReportRequest {
    /// Files to write; the extension picks the format (.html .htm .pdf .json .csv).
    std::vector<std::string> outputs;
    /// List the riskiest rows with their real values instead of redacting them.
    bool includeValues = false;
};

/// Registers the repeatable `--report OUT` and `--include-values` on the scan subcommand. An
/// unknown extension (or .pdf in a build without Qt) is a usage error at parse time.
void addReportOptions(CLI::App& scan, ReportRequest& request);

/// Builds the report once and writes every requested file atomically. Errors go to stderr, one
/// sentence per file; the other files are still written. Returns exitOk, or exitInputError when a
/// file could not be written. Does nothing when no report was requested.
int writeReports(const ReportRequest& request, const core::ReportInput& input);

} // namespace qiscout::cli
