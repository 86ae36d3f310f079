// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QStringList>
#include <QWidget>

#include "qiscout/core/engines/search_result.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QScrollArea;
class QTreeWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The minimal quasi-identifiers of the latest search, grouped by size, with how many rows each
/// singles out. Keeps showing them (marked as outdated) while a new search runs.
class ResultsPanel : public QWidget {
    Q_OBJECT

public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    /// Shows a search's answer; `columnNames` is indexed by table column.
    void setResult(const core::SearchResult& result, const QStringList& columnNames);
    /// Removes everything (a new table).
    void clear();
    /// Says whether the shown results belong to an earlier search than the one running.
    void setOutdated(bool outdated);
    /// Shows what the findings mean and what to do next (the report's plain-language summary).
    void setFindingsSummary(const QStringList& sentences);

    /// The sets as listed, top to bottom, read back from the list itself.
    [[nodiscard]] std::vector<core::MinimalSet> listedSets() const;
    /// Selects a listed set; false if it is not listed.
    bool selectSet(const core::ColumnSet& set);
    [[nodiscard]] QTreeWidget* tree() const { return m_tree; }

Q_SIGNALS:
    /// The user selected a listed set.
    void setSelected(core::ColumnSet set);

private:
    QTreeWidget* m_tree = nullptr;
    QLabel* m_status = nullptr;
    QScrollArea* m_findingsArea = nullptr;
    QLabel* m_findings = nullptr;
    QString m_summary;
    bool m_outdated = false;
};

} // namespace qiscout::ui
