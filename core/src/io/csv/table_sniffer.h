// SPDX-License-Identifier: GPL-3.0-or-later
// Guesses a file's delimiter and header row from its first records.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qiscout::core {

/// Bytes from the start of a file that sniffing looks at.
inline constexpr std::size_t sniffSampleBytes = std::size_t{64} << 10;

/// The candidate (',', '\t', ';', '|') that splits the sampled records into the most consistent
/// number of fields, preferring more fields, then the order above; ',' when none splits anything.
/// `sampleIsWhole` says the sample is the whole file.
[[nodiscard]] char sniffDelimiter(std::string_view sample, bool sampleIsWhole);

/// Whether the first record looks like column names: a column whose sampled values are all
/// numbers votes for a header if its first cell is not a number and against if it is; a text
/// column votes against if its first cell recurs below it. Ties (no evidence) mean a header.
[[nodiscard]] bool sniffHeader(std::string_view sample, bool sampleIsWhole, char delimiter,
                               const std::vector<std::string>& missingTokens);

} // namespace qiscout::core
