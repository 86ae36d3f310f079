// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "table/table_model.h"

namespace qiscout::ui {

/// The protected table as it would be published, with what changed marked: coarsened cells are
/// tinted blue and show their original value in the tooltip, withheld rows and locally suppressed
/// cells are tinted and say so.
/// Shares both tables, copies neither.
class ProtectedTableModel : public TableModel {
    Q_OBJECT

public:
    enum ProtectionRole {
        /// Whether a cell was coarsened (bool): its column was generalised and its row kept.
        GeneralisedRole = Qt::UserRole + 1,
        /// Whether the cell's row was withheld (bool).
        WithheldRole,
        /// Whether local suppression replaced the cell by "*" (bool).
        SuppressedCellRole,
    };

    explicit ProtectedTableModel(QObject* parent = nullptr);

    /// Shows a protected table. generalisedColumns: per column of the table, whether its level is
    /// above 0; withheldRows ascending; suppressedCells: empty, or per column of the table the
    /// ascending rows whose cell local suppression replaced.
    void setProtection(std::shared_ptr<const core::EncodedTable> protectedTable,
                       std::shared_ptr<const core::EncodedTable> original, std::vector<bool> generalisedColumns,
                       const std::vector<std::uint32_t>& withheldRows,
                       std::vector<std::vector<std::uint32_t>> suppressedCells = {});
    /// Empties the view.
    void clearProtection();

    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;

private:
    std::shared_ptr<const core::EncodedTable> m_original;
    std::vector<bool> m_generalised;
    std::vector<bool> m_withheld;
    std::vector<std::vector<std::uint32_t>> m_suppressedCells;
};

} // namespace qiscout::ui
