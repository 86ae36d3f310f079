// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON documents of `qiscout-cli dependencies` and `qiscout-cli attack-check` (#18).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/dependencies/ffd_attack.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What a dependencies document says besides the result.
struct DependencyJsonContext {
    /// The input file, as given.
    std::string sourcePath;
    std::uint64_t rows = 0;
    /// Every column name of the table, in file order.
    std::vector<std::string> columnNames;
    /// The quasi-identifiers that Theorem 1 judges each dependency against.
    ColumnSet quasiIdentifiers;
    double loadSeconds = 0.0;
};

/// {"source", "rows", "examined_columns", "quasi_identifiers", "max_lhs", "complete",
/// "dependencies": [{"lhs": [COLUMN, ...], "rhs": COLUMN, "safe": bool, "support": rows}],
/// "stats": {"checks", "partitions", "levels", "seconds", "load_seconds"}}. Pretty-printed, ending
/// with a newline.
[[nodiscard]] std::string dependenciesToJson(const DependencyResult& result, const DependencyJsonContext& context);

/// What an attack-check document says besides the check.
struct AttackJsonContext {
    std::string sourcePath;
    /// Where the dependencies came from: "file" (discovered on the checked table), "original"
    /// (discovered on the unprotected table) or "given".
    std::string dependencySource;
    double loadSeconds = 0.0;
};

/// {"source", "rows", "quasi_identifiers", "sensitive", "l", "d", "dependency_source",
/// "qi_groups", "non_diverse_groups": [group], "dl_inference": {"satisfied", "violations"},
/// "attack_succeeds", "dependencies": [{"lhs", "rhs", "safe", "support", "checked", "succeeds",
/// "matched_pairs", "findings": [{"kind", "group", "partners", "inferred_values", "row_numbers",
/// "sensitive_values"}]}], "groups": [{"group", "rows", "cells"}] for every group a finding or a
/// violation names}. Groups are numbered from 0 in order of their first row; row numbers count
/// data rows from 1.
[[nodiscard]] std::string attackCheckToJson(const AttackCheck& check, const EncodedTable& published,
                                            const AttackParameters& parameters, const AttackJsonContext& context);

} // namespace qiscout::core
