// SPDX-License-Identifier: GPL-3.0-or-later
// The report's "Record-level risk" section (#16): SUDA scores, sample and population risk of the
// key columns, built from a RiskAssessment.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/risk/risk_histogram.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// One of the riskiest records as the section lists it.
struct RiskiestRecord {
    /// 0-based data row (the first row after the header is 0).
    std::uint32_t row = 0;
    double sudaScore = 0;
    double disSudaScore = 0;
    double individualRisk = 0;
    std::uint32_t classSize = 0;
    /// The key column contributing most to the SUDA score; unset for a score of 0.
    std::optional<int> topColumn;
    /// The record's values on the key columns, in column order; empty when redacted.
    std::vector<std::string> values;
};

/// What the section shows.
struct RecordRiskSection {
    /// Every per-record figure, for the CSV and JSON renderings.
    std::shared_ptr<const RiskAssessment> assessment;
    /// Plain-language sentences, most important first.
    std::vector<std::string> summary;
    /// Riskiest first (RiskAssessment::riskiestRows), records with a SUDA score only.
    std::vector<RiskiestRecord> riskiest;
    bool valuesIncluded = false;
    RiskHistogram disSudaScores;
};

/// The section for `assessment` of `table`: at most riskiestLimit riskiest records, with their key
/// values when includeValues is set.
[[nodiscard]] RecordRiskSection buildRecordRiskSection(std::shared_ptr<const RiskAssessment> assessment,
                                                       const EncodedTable& table, std::size_t riskiestLimit,
                                                       bool includeValues);

/// The plain-language sentences of the section ("4 of 8 records (50 %) are unique on ..."), given
/// the table's column names.
[[nodiscard]] std::vector<std::string> describeRecordRisk(const RiskAssessment& assessment,
                                                          const std::vector<std::string>& columnNames);

} // namespace qiscout::core
