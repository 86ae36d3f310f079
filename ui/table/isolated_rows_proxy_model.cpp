// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/isolated_rows_proxy_model.h"

#include <algorithm>

namespace qiscout::ui {

IsolatedRowsProxyModel::IsolatedRowsProxyModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    // Sorting 11M rows by text would stall the view; the proxy only filters.
    setDynamicSortFilter(false);
}

void IsolatedRowsProxyModel::setRows(std::vector<std::uint32_t> rows)
{
    m_rows = std::move(rows);
    m_filtering = true;
    invalidateFilter();
}

void IsolatedRowsProxyModel::clearRows()
{
    m_rows.clear();
    m_filtering = false;
    invalidateFilter();
}

bool IsolatedRowsProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& /*sourceParent*/) const
{
    if (!m_filtering)
        return true;
    return std::binary_search(m_rows.begin(), m_rows.end(), static_cast<std::uint32_t>(sourceRow));
}

} // namespace qiscout::ui
