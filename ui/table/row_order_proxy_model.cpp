// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/row_order_proxy_model.h"

#include <limits>

namespace qiscout::ui {
namespace {

constexpr std::uint32_t notShown = std::numeric_limits<std::uint32_t>::max();

} // namespace

RowOrderProxyModel::RowOrderProxyModel(QObject* parent) : QAbstractProxyModel(parent) {}

void RowOrderProxyModel::setSourceModel(QAbstractItemModel* source)
{
    beginResetModel();
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    QAbstractProxyModel::setSourceModel(source);
    m_rows.reset();
    m_shownAt.clear();
    if (source) {
        // The source only ever resets (a new table); the rows computed for the old one go with it.
        connect(source, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
            beginResetModel();
            m_rows.reset();
            m_shownAt.clear();
        });
        connect(source, &QAbstractItemModel::modelReset, this, [this] { endResetModel(); });
        connect(source, &QAbstractItemModel::headerDataChanged, this, &QAbstractItemModel::headerDataChanged);
        connect(source, &QAbstractItemModel::dataChanged, this,
                [this] { Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1)); });
    }
    endResetModel();
}

void RowOrderProxyModel::setRows(std::shared_ptr<const std::vector<std::uint32_t>> rows)
{
    // Rows go and come rather than a reset: a reset would also reset the column header (widths,
    // order, sort indicator) that the user and the rows panel arranged.
    if (const int shown = rowCount(); shown > 0) {
        beginRemoveRows({}, 0, shown - 1);
        m_rows = std::make_shared<const std::vector<std::uint32_t>>();
        m_shownAt.clear();
        endRemoveRows();
    }
    const int coming = !sourceModel() ? 0
                       : rows ? static_cast<int>(std::min<std::size_t>(rows->size(), std::numeric_limits<int>::max()))
                              : sourceModel()->rowCount();
    if (coming > 0)
        beginInsertRows({}, 0, coming - 1);
    m_rows = std::move(rows);
    m_shownAt.clear();
    if (coming > 0)
        endInsertRows();
}

QModelIndex RowOrderProxyModel::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex RowOrderProxyModel::parent(const QModelIndex& /*child*/) const
{
    return {};
}

int RowOrderProxyModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !sourceModel())
        return 0;
    if (!m_rows)
        return sourceModel()->rowCount();
    return static_cast<int>(std::min<std::size_t>(m_rows->size(), std::numeric_limits<int>::max()));
}

int RowOrderProxyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

QModelIndex RowOrderProxyModel::mapToSource(const QModelIndex& proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel())
        return {};
    const int row = m_rows ? static_cast<int>((*m_rows)[static_cast<std::size_t>(proxyIndex.row())]) : proxyIndex.row();
    return sourceModel()->index(row, proxyIndex.column());
}

QModelIndex RowOrderProxyModel::mapFromSource(const QModelIndex& sourceIndex) const
{
    if (!sourceIndex.isValid())
        return {};
    if (!m_rows)
        return index(sourceIndex.row(), sourceIndex.column());
    if (m_shownAt.empty()) {
        m_shownAt.assign(static_cast<std::size_t>(sourceModel()->rowCount()), notShown);
        for (std::size_t shown = 0; shown < m_rows->size(); ++shown)
            m_shownAt[(*m_rows)[shown]] = static_cast<std::uint32_t>(shown);
    }
    const auto source = static_cast<std::size_t>(sourceIndex.row());
    if (source >= m_shownAt.size() || m_shownAt[source] == notShown)
        return {};
    return index(static_cast<int>(m_shownAt[source]), sourceIndex.column());
}

QVariant RowOrderProxyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!sourceModel())
        return {};
    // Row headers keep the table's row numbers, so a sorted or filtered row still says where it is.
    if (orientation == Qt::Vertical) {
        const QModelIndex source = mapToSource(index(section, 0));
        return source.isValid() ? sourceModel()->headerData(source.row(), orientation, role) : QVariant();
    }
    return sourceModel()->headerData(section, orientation, role);
}

void RowOrderProxyModel::sort(int column, Qt::SortOrder order)
{
    Q_EMIT sortRequested(column, order);
}

} // namespace qiscout::ui
