// SPDX-License-Identifier: GPL-3.0-or-later
// anonymize's (d, l)-inference mode (#18): `--dl-inference SENSITIVE:D:L` runs the FFD paper's
// anonymisation (core/anonymization/dl_inference_anonymizer.h) instead of the lattice search. The
// removed rows are left out of --out and counted in the JSON ("removed_rows"), with the generalised
// loss ("information_loss").
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/table/encoded_table.h"

#include "protection_flags.h"
#include "report_option.h"

namespace qiscout::cli {

/// --dl-inference SENSITIVE:D:L and --dl-heuristic top-down|bottom-up.
class DlInferenceFlags {
public:
    /// Registers both flags. --dl-inference excludes the lattice search's own settings
    /// (--l-diversity, --t-closeness, --suppression, --metric), which must be registered before.
    void addTo(CLI::App& command);
    [[nodiscard]] bool requested() const { return m_requested; }
    /// The parameters for `table`: the sensitive column, d, l and the heuristic given, with these
    /// quasi-identifiers and smallest QI-group. Throws UnknownColumnError for the sensitive column.
    [[nodiscard]] core::DlAnonymizationParameters
    parameters(const core::EncodedTable& table, std::vector<int> quasiIdentifiers, std::uint64_t minGroupSize) const;

private:
    bool m_requested = false;
    std::string m_sensitive;
    std::uint64_t m_d = 0;
    std::uint64_t m_l = 1;
    core::PartitionHeuristic m_heuristic = core::PartitionHeuristic::TopDown;
};

/// Everything anonymize passes to its (d, l)-inference mode.
struct DlInferenceRequest {
    DlInferenceFlags flags;
    ProtectionFlags protection;
    /// The smallest QI-group, in rows (--k).
    std::uint64_t k = 1;
    std::optional<int> threads;
    std::string out;
    std::string json;
    ReportRequest report;
    double loadSeconds = 0.0;
};

/// Runs the mode on the loaded table and returns the exit code: exitUsage for an unknown column,
/// a sensitive column among the quasi-identifiers or a hierarchy file (the mode generalises numbers
/// to intervals and other values to "*"), exitInputError when no row can be published or a file
/// cannot be written (the JSON is still written), exitCancelled when stopped.
int runDlInferenceAnonymize(core::EncodedTable table, const DlInferenceRequest& request, std::stop_token stop);

} // namespace qiscout::cli
