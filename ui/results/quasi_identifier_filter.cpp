// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/quasi_identifier_filter.h"

#include "results/quasi_identifier_model.h"

namespace qiscout::ui {

QuasiIdentifierFilter::QuasiIdentifierFilter(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(QuasiIdentifierModel::SortRole);
}

void QuasiIdentifierFilter::setRequiredColumn(int column)
{
    if (column == m_column)
        return;
    m_column = column;
    invalidateRowsFilter();
}

bool QuasiIdentifierFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_column < 0)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, QuasiIdentifierModel::SetColumn, sourceParent);
    return index.data(QuasiIdentifierModel::SetRole).value<core::ColumnSet>().contains(m_column);
}

bool QuasiIdentifierFilter::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (QSortFilterProxyModel::lessThan(left, right))
        return true;
    if (QSortFilterProxyModel::lessThan(right, left))
        return false;
    // Equal keys: the search's order, not whatever an earlier sort left (the proxy re-sorts its
    // current order), so the same header click always gives the same list. A descending sort asks
    // lessThan(right, left), hence the flip.
    return sortOrder() == Qt::AscendingOrder ? left.row() < right.row() : left.row() > right.row();
}

} // namespace qiscout::ui
