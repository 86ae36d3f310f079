// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <QAbstractProxyModel>

namespace qiscout::ui {

/// Shows the source table's rows in a given order, or a subset of them (a filter, a sort, the
/// rows a quasi-identifier isolates), from one vector of row numbers: no per-row callbacks, so
/// 11M rows cost 4 bytes each and nothing more. The rows are worked out elsewhere (selectRows).
/// Thread: GUI thread.
class RowOrderProxyModel : public QAbstractProxyModel {
    Q_OBJECT

public:
    explicit RowOrderProxyModel(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* source) override;
    /// Shows these source rows in this order; null shows every row in source order.
    void setRows(std::shared_ptr<const std::vector<std::uint32_t>> rows);
    /// Whether only some rows, or another order, are shown.
    [[nodiscard]] bool isReordered() const { return m_rows != nullptr; }

    [[nodiscard]] QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex& child) const override;
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    [[nodiscard]] QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order) override;

Q_SIGNALS:
    /// The view's header asked for an order (a click on a column title); the owner works it out.
    void sortRequested(int column, Qt::SortOrder order);

private:
    std::shared_ptr<const std::vector<std::uint32_t>> m_rows;
    /// Source row -> shown row, built on first need by mapFromSource (selections, current index).
    mutable std::vector<std::uint32_t> m_shownAt;
};

} // namespace qiscout::ui
