// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/protected_release.h"

#include <cmath>
#include <memory>

#include "qiscout/core/anonymization/l_diversity.h"

namespace qiscout::core {
namespace {

std::vector<std::string> quasiIdentifierNames(const EncodedTable& table, const std::vector<int>& columns)
{
    std::vector<std::string> names;
    for (const int column : columns)
        names.push_back(table.columns[static_cast<std::size_t>(column)].name);
    return names;
}

} // namespace

std::optional<ProtectedRelease> latticeRelease(const ProtectedTable& applied, const AnonymizationParameters& parameters)
{
    const LDiversity* diversity = nullptr;
    for (const auto& model : parameters.models)
        if ((diversity = dynamic_cast<const LDiversity*>(model.get())) != nullptr)
            break;
    if (diversity == nullptr)
        return std::nullopt;
    const EncodedTable& table = applied.table;
    std::vector<bool> suppressed(table.rowCount, false);
    for (const std::uint32_t row : applied.suppressedRows)
        suppressed[row] = true;
    std::vector<std::vector<std::string>> rows;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        if (suppressed[row])
            continue;
        std::vector<std::string>& cells = rows.emplace_back();
        for (std::size_t column = 0; column < table.columnCount(); ++column)
            cells.push_back(table.text(row, column));
    }
    std::vector<int> columns;
    for (const QuasiIdentifierSpec& spec : parameters.quasiIdentifiers)
        columns.push_back(spec.column);
    ProtectedRelease release;
    release.quasiIdentifiers = quasiIdentifierNames(table, columns);
    release.sensitive = table.columns[static_cast<std::size_t>(*diversity->sensitiveColumn())].name;
    release.requirement.l = static_cast<std::uint64_t>(std::ceil(diversity->l()));
    EncodedTable kept = encodeRows(table.columnNames(), rows);
    kept.sourcePath = table.sourcePath;
    release.table = std::make_shared<const EncodedTable>(std::move(kept));
    return release;
}

ProtectedRelease dlInferenceRelease(EncodedTable published, const DlAnonymizationParameters& parameters)
{
    ProtectedRelease release;
    release.quasiIdentifiers = quasiIdentifierNames(published, parameters.quasiIdentifiers);
    release.sensitive = published.columns[static_cast<std::size_t>(parameters.sensitive)].name;
    release.requirement = {parameters.l, parameters.d};
    release.table = std::make_shared<const EncodedTable>(std::move(published));
    return release;
}

} // namespace qiscout::core
