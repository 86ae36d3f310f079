// SPDX-License-Identifier: GPL-3.0-or-later
// How one column of a table fits an SPSS, Stata or SAS file: numbers or text, which cells become
// system-missing, user-missing values or missing codes, and which value labels the format keeps.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "io/statistical/statistical_file_format.h"

namespace qiscout::core {

/// How one column is written.
struct ColumnPlan {
    std::string name;
    std::string label;
    bool numeric = false;
    bool integral = true;
    /// Code -> the number written (numeric columns).
    std::vector<double> numbers;
    /// Code -> written as system-missing.
    std::vector<bool> systemMissing;
    /// Code -> missing-code letter (0: none).
    std::vector<char> tags;
    std::vector<std::pair<double, std::string>> valueLabels;
    std::vector<std::pair<char, std::string>> tagLabels;
    std::vector<double> missingValues;
    std::optional<std::pair<double, double>> missingRange;
    std::vector<std::string> missingStrings;
    std::size_t width = 1;
    int decimals = 0;
    std::size_t numberWidth = 1;
    /// Stata strL: text too long for a fixed-width string.
    bool longText = false;
};

/// The plan for writing `column` as variable `name` in a file of `family`; warnings for what the
/// format cannot keep. Throws FileWriteError (naming `target`) for a text too long for the format.
[[nodiscard]] ColumnPlan planColumn(const EncodedColumn& column, std::string name, StatisticalFamily family,
                                    const std::filesystem::path& target, std::vector<std::string>& warnings);

} // namespace qiscout::core
