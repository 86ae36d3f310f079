// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/table/missing_semantics.h"

#include "table/row_query.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
QT_END_NAMESPACE

namespace qiscout::ui {

class RowOrderProxyModel;
class TableModel;

/// The data table: every row, or the rows a selected quasi-identifier isolates (its columns
/// moved first and marked), sortable by a click on a column title and filterable by text. The
/// rows to show are worked out on a pool thread, so an 11M-row table stays responsive.
/// Thread: GUI thread; selectRows runs on a pool thread.
class RowsPanel : public QWidget {
    Q_OBJECT

public:
    explicit RowsPanel(QWidget* parent = nullptr);
    ~RowsPanel() override;

    /// Shows another table (or none): every row, unsorted, unfiltered, scrolled to the start.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    /// Shows only `rows` (ascending), the rows `set` puts in groups of at most k people, missing
    /// cells matching as `semantics` says (the label says how).
    void showIsolatedRows(core::ColumnSet set, std::uint64_t k, std::vector<std::uint32_t> rows,
                          const QString& setDescription, core::MissingSemantics semantics);
    /// The sentence above the rows while they are singled out; for tests.
    [[nodiscard]] const QString& isolatedText() const { return m_isolatedText; }
    /// Shows every row again, in the table's column order.
    void clearIsolatedRows();
    /// Keeps rows containing `text` (ignoring case) in one column, or in any when unset.
    void setFilter(const QString& text, std::optional<int> column = std::nullopt);

    [[nodiscard]] bool isShowingIsolatedRows() const { return m_isolatedSet.has_value(); }
    [[nodiscard]] QTableView* view() const { return m_view; }
    [[nodiscard]] TableModel* tableModel() const { return m_tableModel; }
    [[nodiscard]] RowOrderProxyModel* rowModel() const { return m_rowModel; }

Q_SIGNALS:
    /// The view now shows the rows of the latest request (isolated rows, sort or filter).
    void rowsShown();
    /// The view now shows the rows a set isolates.
    void isolatedRowsShown(core::ColumnSet set);
    /// The user asked to see every row again.
    void isolatedRowsCleared();

private:
    struct Answer {
        quint64 generation = 0;
        std::optional<std::vector<std::uint32_t>> rows;
    };

    void requestRows();
    void showAnswer(Answer answer);
    void putColumnsFirst(core::ColumnSet set);
    void restoreColumnOrder();
    void updateSummary();

    std::shared_ptr<const core::EncodedTable> m_table;
    TableModel* m_tableModel = nullptr;
    RowOrderProxyModel* m_rowModel = nullptr;
    QTableView* m_view = nullptr;
    QLineEdit* m_filterText = nullptr;
    QComboBox* m_filterColumn = nullptr;
    QLabel* m_summary = nullptr;
    QWidget* m_isolatedBar = nullptr;
    QLabel* m_isolatedLabel = nullptr;
    RowQuery m_query;
    std::optional<core::ColumnSet> m_isolatedSet;
    QString m_isolatedText;
    QTimer m_filterTimer;
    QFutureWatcher<Answer> m_watcher;
    std::stop_source m_stop;
    quint64 m_generation = 0;
};

} // namespace qiscout::ui
