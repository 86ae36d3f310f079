// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/hierarchy_model.h"

namespace qiscout::ui {

HierarchyModel::HierarchyModel(QObject* parent) : QAbstractTableModel(parent) {}

void HierarchyModel::setHierarchy(const core::Hierarchy& hierarchy)
{
    beginResetModel();
    m_hierarchy = hierarchy;
    endResetModel();
}

int HierarchyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_hierarchy.rows.size());
}

int HierarchyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_hierarchy.rows.empty() ? 0 : m_hierarchy.height() + 1;
}

QVariant HierarchyModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole))
        return {};
    const auto& row = m_hierarchy.rows[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<std::size_t>(index.column());
    return column < row.size() ? QString::fromStdString(row[column]) : QString();
}

QVariant HierarchyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return section == 0 ? tr("Original value") : tr("Level %1").arg(section);
}

Qt::ItemFlags HierarchyModel::flags(const QModelIndex& index) const
{
    const Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    return index.isValid() && index.column() > 0 ? flags | Qt::ItemIsEditable : flags;
}

bool HierarchyModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.column() == 0)
        return false;
    const std::string text = value.toString().toStdString();
    const auto row = static_cast<std::size_t>(index.row());
    const auto column = static_cast<std::size_t>(index.column());
    if (text.empty() || m_hierarchy.rows[row][column] == text)
        return false;
    core::Hierarchy edited = m_hierarchy;
    edited.rows[row][column] = text;
    Q_EMIT hierarchyEdited(edited);
    return true;
}

} // namespace qiscout::ui
