// SPDX-License-Identifier: GPL-3.0-or-later
// The protection settings `anonymize` and `bench-anonymize` share: which columns to generalise
// with which hierarchies, and the privacy models besides k-anonymity.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/l_diversity.h"
#include "qiscout/core/anonymization/t_closeness.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::cli {

/// --qi COLUMN[=HIERARCHY.csv] (repeatable), --l-diversity COLUMN:distinct|entropy:L,
/// --l-diversity COLUMN:recursive:C:L and --t-closeness COLUMN:T (both repeatable), and
/// --delta-presence MIN:MAX with --subset-column COLUMN or --subset FILE.
class ProtectionFlags {
public:
    /// One --qi argument resolved against a table.
    struct NamedQuasiIdentifier {
        int column = 0;
        /// The hierarchy file after '='; empty for the automatic hierarchy.
        std::string hierarchyFile;
    };

    void addTo(CLI::App& command);
    /// The --qi columns in the order given. Throws UnknownColumnError for a name that is not a column.
    [[nodiscard]] std::vector<NamedQuasiIdentifier> quasiIdentifiers(const core::EncodedTable& table) const;
    /// Every file a --qi argument may name before the table is loaded: the text after each '=',
    /// since where COLUMN=FILE splits depends on the table's column names.
    [[nodiscard]] std::vector<std::string> possibleHierarchyFiles() const;
    /// Whether --l-diversity, --t-closeness or --delta-presence is given.
    [[nodiscard]] bool hasModelBesidesK() const
    {
        return !m_diversity.empty() || !m_closeness.empty() || m_presence.has_value();
    }
    /// --delta-presence's bounds, when given.
    struct PresenceBounds {
        double min = 0.0;
        double max = 1.0;
    };
    [[nodiscard]] const std::optional<PresenceBounds>& deltaPresence() const { return m_presence; }
    /// --subset-column's column in `table`, when given. Throws UnknownColumnError.
    [[nodiscard]] std::optional<int> subsetColumn(const core::EncodedTable& table) const;
    /// --subset's file, empty when not given: the command loads it with the table's load flags.
    [[nodiscard]] const std::string& subsetFile() const { return m_subsetFile; }
    /// The parameters for table with k-anonymity at k first (when given), then the other models;
    /// `subset` is --subset's table, loaded. Throws UnknownColumnError for a name that is not a
    /// column, HierarchyError for a hierarchy file that cannot be read or used,
    /// std::invalid_argument for a model the table cannot have or a subset that is not its rows.
    [[nodiscard]] core::AnonymizationParameters parameters(const core::EncodedTable& table,
                                                           std::optional<std::uint64_t> k, double suppressionLimit,
                                                           core::UtilityMetric metric, std::optional<int> threads,
                                                           const core::EncodedTable* subset = nullptr) const;

private:
    struct Diversity {
        std::string column;
        core::DiversityVariant variant = core::DiversityVariant::Distinct;
        double l = 2.0;
        double c = 0.0;
    };
    struct Closeness {
        std::string column;
        double t = 0.0;
        /// Absent: the column type's default.
        std::optional<core::ClosenessDistance> distance;
        std::optional<std::string> hierarchyFile;
    };

    std::vector<std::string> m_quasiIdentifiers;
    std::vector<Diversity> m_diversity;
    std::vector<Closeness> m_closeness;
    std::optional<PresenceBounds> m_presence;
    std::string m_subsetColumn;
    std::string m_subsetFile;
};

} // namespace qiscout::cli
