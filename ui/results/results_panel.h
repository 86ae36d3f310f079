// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QStringList>
#include <QWidget>

#include "qiscout/core/engines/search_result.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QScrollArea;
class QToolButton;
class QTreeView;
QT_END_NAMESPACE

namespace qiscout::ui {

class QuasiIdentifierFilter;
class QuasiIdentifierModel;

/// The minimal quasi-identifiers of the latest search with how many rows each singles out:
/// sortable by any column, filtered to the sets containing one column, exported on its own as
/// CSV. Fills as a search finds them.
class ResultsPanel : public QWidget {
    Q_OBJECT

public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    /// Shows a search's answer; `columnNames` is indexed by table column.
    void setResult(const core::SearchResult& result, const QStringList& columnNames);
    /// Removes everything (a new table).
    void clear();
    /// A search has started: the list empties and fills as it finds quasi-identifiers (#35),
    /// their row counts following when it ends (setResult).
    void startLive(const QStringList& columnNames);
    /// Lists quasi-identifiers the running search has just found.
    void addFound(const std::vector<core::ColumnSet>& sets);
    /// Marks the shown results out of date (#33): `reason` says what changed since they were found,
    /// beside a link that asks for a new run (runRequested). An empty reason marks them current.
    void setStale(const QString& reason);
    [[nodiscard]] bool isStale() const { return !m_staleReason.isEmpty(); }
    /// The status line above the list.
    [[nodiscard]] QString statusText() const;
    /// Shows what the findings mean and what to do next (the report's plain-language summary).
    void setFindingsSummary(const QStringList& sentences);

    /// The sets as listed (sorted and filtered), top to bottom, read back from the view's model.
    [[nodiscard]] std::vector<core::MinimalSet> listedSets() const;
    /// Selects a set, showing every set again if the filter hides it; false if it is not listed.
    bool selectSet(const core::ColumnSet& set);
    /// Lists only the sets containing this table column; -1 lists every set.
    void filterByColumn(int column);
    /// Writes the listed sets, as listed, to a CSV file (the report's quasi-identifier table).
    /// Returns the problem, or an empty string once the file is in place.
    [[nodiscard]] QString exportList(const QString& path) const;

    [[nodiscard]] QTreeView* view() const { return m_view; }
    [[nodiscard]] QComboBox* columnFilter() const { return m_columnFilter; }

Q_SIGNALS:
    /// The user selected a listed set.
    void setSelected(core::ColumnSet set);
    /// The user asked to run the analysis again on out-of-date results.
    void runRequested();

private:
    void chooseExportPath();
    void updateShownCount();
    void showStatus();

    QuasiIdentifierModel* m_model = nullptr;
    QuasiIdentifierFilter* m_filter = nullptr;
    QTreeView* m_view = nullptr;
    QComboBox* m_columnFilter = nullptr;
    QLabel* m_shown = nullptr;
    QToolButton* m_export = nullptr;
    QLabel* m_status = nullptr;
    QScrollArea* m_findingsArea = nullptr;
    QLabel* m_findings = nullptr;
    QString m_summary;
    /// A search is running and filling the list.
    bool m_live = false;
    QString m_staleReason;
};

} // namespace qiscout::ui
