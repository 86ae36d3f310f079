// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/protected_table_model.h"

#include <algorithm>

#include <QBrush>
#include <QColor>

namespace qiscout::ui {

ProtectedTableModel::ProtectedTableModel(QObject* parent) : TableModel(parent) {}

void ProtectedTableModel::setProtection(std::shared_ptr<const core::EncodedTable> protectedTable,
                                        std::shared_ptr<const core::EncodedTable> original,
                                        std::vector<bool> generalisedColumns,
                                        const std::vector<std::uint32_t>& withheldRows,
                                        std::vector<std::vector<std::uint32_t>> suppressedCells)
{
    m_suppressedCells = std::move(suppressedCells);
    m_original = std::move(original);
    m_generalised = std::move(generalisedColumns);
    m_withheld.assign(protectedTable ? protectedTable->rowCount : 0, false);
    for (const std::uint32_t row : withheldRows)
        if (row < m_withheld.size())
            m_withheld[row] = true;
    setTable(std::move(protectedTable));
}

void ProtectedTableModel::clearProtection()
{
    m_original.reset();
    m_generalised.clear();
    m_withheld.clear();
    m_suppressedCells.clear();
    setTable(nullptr);
}

QVariant ProtectedTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !table())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const auto column = static_cast<std::size_t>(index.column());
    const bool generalisedColumn = column < m_generalised.size() && m_generalised[column];
    const bool withheld = row < m_withheld.size() && m_withheld[row];
    const bool suppressedCell = column < m_suppressedCells.size() &&
                                std::binary_search(m_suppressedCells[column].begin(), m_suppressedCells[column].end(),
                                                   static_cast<std::uint32_t>(row));
    switch (role) {
    case GeneralisedRole:
        return generalisedColumn && !withheld && !suppressedCell;
    case WithheldRole:
        return withheld;
    case SuppressedCellRole:
        return suppressedCell;
    case Qt::BackgroundRole:
        // Okabe-Ito vermillion and sky blue, faint enough to read the text on either theme.
        if (withheld || suppressedCell)
            return QBrush(QColor(0xd5, 0x5e, 0x00, 48));
        if (generalisedColumn)
            return QBrush(QColor(0x56, 0xb4, 0xe9, 48));
        return {};
    case Qt::ToolTipRole: {
        const QString shown = TableModel::data(index, Qt::DisplayRole).toString();
        if (!m_original || (!withheld && !generalisedColumn && !suppressedCell))
            return shown;
        const QString original = QString::fromStdString(m_original->text(static_cast<std::uint32_t>(row), column));
        if (suppressedCell)
            return tr("Suppressed cell, its value hidden (originally %1)").arg(original);
        return withheld ? tr("Suppressed row (originally %1)").arg(original)
                        : tr("%1, originally %2").arg(shown, original);
    }
    default:
        return TableModel::data(index, role);
    }
}

} // namespace qiscout::ui
