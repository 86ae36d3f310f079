// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include <QSortFilterProxyModel>

namespace qiscout::ui {

/// Shows only the rows a selected column set isolates (or every row when no filter is set).
class IsolatedRowsProxyModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit IsolatedRowsProxyModel(QObject* parent = nullptr);

    /// Keeps only these source rows; `rows` must be sorted ascending.
    void setRows(std::vector<std::uint32_t> rows);
    /// Shows every row again.
    void clearRows();
    [[nodiscard]] bool isFiltering() const { return m_filtering; }

protected:
    [[nodiscard]] bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::vector<std::uint32_t> m_rows;
    bool m_filtering = false;
};

} // namespace qiscout::ui
