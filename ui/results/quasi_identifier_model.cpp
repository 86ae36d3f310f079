// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/quasi_identifier_model.h"

#include <QLocale>

#include "common/column_set_text.h"

namespace qiscout::ui {

QuasiIdentifierModel::QuasiIdentifierModel(QObject* parent) : QAbstractTableModel(parent) {}

void QuasiIdentifierModel::setSets(std::vector<core::MinimalSet> sets, const QStringList& columnNames)
{
    beginResetModel();
    m_live = false;
    m_sets = std::move(sets);
    m_columnNames = columnNames;
    m_texts.clear();
    m_texts.reserve(static_cast<qsizetype>(m_sets.size()));
    for (const auto& set : m_sets)
        m_texts << describeSet(set.columns, columnNames);
    endResetModel();
}

void QuasiIdentifierModel::clear()
{
    setSets({}, {});
}

void QuasiIdentifierModel::startLive(const QStringList& columnNames)
{
    setSets({}, columnNames);
    m_live = true;
}

void QuasiIdentifierModel::appendLive(const std::vector<core::ColumnSet>& sets)
{
    if (sets.empty())
        return;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(sets.size()) - 1);
    for (const core::ColumnSet& set : sets) {
        m_sets.push_back(core::MinimalSet{set, 0, 0});
        m_texts << describeSet(set, m_columnNames);
    }
    endInsertRows();
}

int QuasiIdentifierModel::rowOf(const core::ColumnSet& set) const
{
    for (std::size_t row = 0; row < m_sets.size(); ++row)
        if (m_sets[row].columns == set)
            return static_cast<int>(row);
    return -1;
}

int QuasiIdentifierModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_sets.size());
}

int QuasiIdentifierModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QuasiIdentifierModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto& set = m_sets[static_cast<std::size_t>(index.row())];
    const auto number = [&set, &index]() -> qulonglong {
        switch (index.column()) {
        case SetColumn:
            return static_cast<qulonglong>(set.columns.size());
        case IsolatedColumn:
            return set.isolatedRows;
        default:
            return set.smallestClass;
        }
    };
    // A running search names its sets as it finds them; their rows are counted once it ends.
    const bool counted = index.column() == SetColumn || !m_live;
    switch (role) {
    case Qt::DisplayRole:
        if (!counted)
            return QStringLiteral("…");
        return index.column() == SetColumn ? QVariant(m_texts.at(index.row())) : QVariant(QLocale().toString(number()));
    case SortRole:
        return number();
    case SetRole:
        return QVariant::fromValue(set.columns);
    case Qt::TextAlignmentRole:
        return index.column() == SetColumn ? (Qt::AlignLeft | Qt::AlignVCenter).toInt()
                                           : (Qt::AlignRight | Qt::AlignVCenter).toInt();
    case Qt::ToolTipRole:
        if (!counted)
            return tr("Counted when the analysis ends.");
        return index.column() == SetColumn ? QVariant(m_texts.at(index.row()) + QLatin1Char('\n') +
                                                      tr("Select to see the rows these columns single out."))
                                           : QVariant();
    default:
        return {};
    }
}

QVariant QuasiIdentifierModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case SetColumn:
            return tr("Quasi-identifier");
        case IsolatedColumn:
            return tr("Isolated rows");
        case SmallestColumn:
            return tr("Smallest group");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SetColumn:
            return tr("A smallest combination of columns that singles someone out: removing any one of its columns "
                      "makes it safe. Sorts by how many columns it has: fewer are easier for an attacker to know.");
        case IsolatedColumn:
            return tr("How many people are in a group of at most k on these columns, and could be re-identified.");
        case SmallestColumn:
            return tr("The fewest people sharing one combination of values.");
        default:
            return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace qiscout::ui
