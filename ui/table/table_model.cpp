// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/table_model.h"

#include <algorithm>
#include <limits>

#include <QFont>
#include <QLocale>

#include "table/display_string.h"

namespace qiscout::ui {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    beginResetModel();
    m_table = std::move(table);
    m_highlighted = {};
    endResetModel();
}

bool TableModel::isHighlighted(int column) const
{
    return m_highlighted.contains(column);
}

void TableModel::setHighlightedColumns(core::ColumnSet columns)
{
    if (columns == m_highlighted)
        return;
    m_highlighted = columns;
    if (columnCount() > 0)
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

int TableModel::rowCount(const QModelIndex& parent) const
{
    // QModelIndex rows are int: a table beyond INT_MAX rows shows its first INT_MAX.
    if (parent.isValid() || !m_table)
        return 0;
    return static_cast<int>(std::min<std::uint32_t>(m_table->rowCount, std::numeric_limits<int>::max()));
}

int TableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_table)
        return 0;
    return static_cast<int>(m_table->columnCount());
}

QVariant TableModel::data(const QModelIndex& index, int role) const
{
    if (!m_table || !index.isValid())
        return {};
    const auto row = static_cast<std::uint32_t>(index.row());
    const auto column = static_cast<std::size_t>(index.column());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return displayString(m_table->text(row, column));
    case CodeRole:
        return m_table->code(row, column);
    default:
        return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!m_table || section < 0)
        return {};
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole)
            return section + 1;
        return {};
    }
    if (static_cast<std::size_t>(section) >= m_table->columnCount())
        return {};
    const auto& column = m_table->columns[static_cast<std::size_t>(section)];
    const QLocale locale;
    const QString name = displayString(column.name);
    const QString type = QString::fromUtf8(core::toString(column.type));
    const QString distinct = locale.toString(static_cast<qulonglong>(column.distinctCount()));
    const QString missing = locale.toString(static_cast<qulonglong>(column.missingCells()));
    switch (role) {
    case Qt::DisplayRole:
        // The name only: the statistics are in the tooltip and the Columns panel, and a second
        // line made every column so wide that a small window showed one of them.
        return name;
    case Qt::ToolTipRole: {
        // The variable label of an SPSS, Stata or SAS file says what a short name means.
        const QString description =
            column.description.empty()
                ? QString()
                : QStringLiteral("<br><i>%1</i>").arg(displayString(column.description).toHtmlEscaped());
        return QString(tr("<b>%1</b>").arg(name.toHtmlEscaped()) + description +
                       tr("<br>Type: %1<br>Distinct values: %2<br>Missing cells: %3").arg(type, distinct, missing) +
                       (isHighlighted(section) ? tr("<br>Part of the selected quasi-identifier.") : QString()));
    }
    case Qt::FontRole: {
        if (!isHighlighted(section))
            return {};
        QFont font;
        font.setBold(true);
        return font;
    }
    default:
        return {};
    }
}

} // namespace qiscout::ui
