// SPDX-License-Identifier: GPL-3.0-or-later
// scan --json's document without its two set lists: one definition for the writer, which fills
// the lists in directly, and for the test that holds the writer to the library's own dump(2).
#pragma once

#include <nlohmann/json.hpp>

#include "qiscout/core/report/result_json.h"

namespace qiscout::core {

/// Every member of the document, with minimal_sets and maximal_safe_sets as empty arrays.
[[nodiscard]] nlohmann::json resultJsonFrame(const SearchResult& result, const ResultJsonContext& context);

} // namespace qiscout::core
