// SPDX-License-Identifier: GPL-3.0-or-later
// `scan --report OUT` (#6): the quasi-identifier report from the command line.
#pragma once

#include <stop_token>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/report/report.h"

#include "output_files.h"

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

/// Builds the report once and prepares every requested file in `outputs`, which puts them in place
/// with the command's other files. Errors go to stderr, one sentence per file; the other files
/// are still prepared. Returns exitOk, or exitInputError when a file could not be prepared. Does
/// nothing when no report was requested. Throws core::OperationCancelled once stop is requested.
int prepareReports(const ReportRequest& request, const core::ReportInput& input, OutputFiles& outputs,
                   std::stop_token stop);

/// For commands whose only files are reports: prepares them and puts them in place together.
/// Returns exitOk, or exitInputError when a file could not be prepared or put in place.
int writeReports(const ReportRequest& request, const core::ReportInput& input, std::stop_token stop);

} // namespace qiscout::cli
