// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include <QAbstractTableModel>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::ui {

/// Read-only view of an encoded table. Shares the table, never copies it: data() decodes one
/// cell on demand, so 11M rows cost nothing beyond the table itself.
class TableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role {
        /// The cell's dictionary code (quint32); lets proxies compare cells without decoding text.
        CodeRole = Qt::UserRole,
    };

    explicit TableModel(QObject* parent = nullptr);

    /// Shows another table (or none); resets the model.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    [[nodiscard]] const std::shared_ptr<const core::EncodedTable>& table() const { return m_table; }
    /// Marks these columns' titles (bold): the columns of the selected quasi-identifier.
    void setHighlightedColumns(core::ColumnSet columns);
    [[nodiscard]] core::ColumnSet highlightedColumns() const { return m_highlighted; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    [[nodiscard]] bool isHighlighted(int column) const;

    std::shared_ptr<const core::EncodedTable> m_table;
    core::ColumnSet m_highlighted;
};

} // namespace qiscout::ui
