// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace qiscout::ui {

/// Sorts a QuasiIdentifierModel by any of its columns, ties in the search's order (size, then
/// columns) whichever way, and keeps only the sets that contain one chosen table column.
/// Thread: GUI thread.
class QuasiIdentifierFilter : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit QuasiIdentifierFilter(QObject* parent = nullptr);

    /// Keeps the sets containing this table column; -1 keeps every set.
    void setRequiredColumn(int column);
    [[nodiscard]] int requiredColumn() const { return m_column; }

protected:
    [[nodiscard]] bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    [[nodiscard]] bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    int m_column = -1;
};

} // namespace qiscout::ui
