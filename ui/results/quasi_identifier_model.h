// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QAbstractTableModel>
#include <QStringList>

#include "qiscout/core/engines/search_result.h"

namespace qiscout::ui {

/// The minimal quasi-identifiers of one search as a table: the set, the rows it isolates and its
/// smallest group. The set sorts by its size. A model (not one widget per row) so that a view, a sort and a filter
/// stay quick with thousands of results. Thread: GUI thread.
class QuasiIdentifierModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { SetColumn, IsolatedColumn, SmallestColumn, ColumnCount };
    enum Role {
        /// What the columns sort by: the set's size (how many columns), or the number behind a
        /// count.
        SortRole = Qt::UserRole,
        /// The row's core::ColumnSet.
        SetRole,
    };

    explicit QuasiIdentifierModel(QObject* parent = nullptr);

    /// Shows these sets; `columnNames` is indexed by table column.
    void setSets(std::vector<core::MinimalSet> sets, const QStringList& columnNames);
    void clear();
    /// Starts a list that a running search fills (#35): empty, with these column names, and
    /// without row counts until setSets gives the finished answer.
    void startLive(const QStringList& columnNames);
    /// Appends sets a running search has just found (one insertion however many).
    void appendLive(const std::vector<core::ColumnSet>& sets);
    /// Whether the listed sets come from a running search, their row counts not known yet.
    [[nodiscard]] bool isLive() const { return m_live; }

    [[nodiscard]] const core::MinimalSet& set(int row) const { return m_sets.at(static_cast<std::size_t>(row)); }
    /// The row of a set; -1 when it is not listed.
    [[nodiscard]] int rowOf(const core::ColumnSet& set) const;
    [[nodiscard]] const QStringList& columnNames() const { return m_columnNames; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    std::vector<core::MinimalSet> m_sets;
    QStringList m_texts;
    QStringList m_columnNames;
    bool m_live = false;
};

} // namespace qiscout::ui
