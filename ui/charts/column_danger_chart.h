// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>
#include <QWidget>

#include "qiscout/core/engines/search_result.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Horizontal bar ranking: in how many quasi-identifiers each column takes part (most dangerous on top).
class ColumnDangerChart : public QWidget {
    Q_OBJECT

public:
    explicit ColumnDangerChart(QWidget* parent = nullptr);

    /// Counts, per searched column, the minimal sets that contain it.
    void setResult(const core::SearchResult& result, const QStringList& columnNames);
    void clear();

    /// (column name, count) pairs as ranked, most dangerous first; for tests.
    [[nodiscard]] QList<QPair<QString, int>> ranking() const;
    [[nodiscard]] QChart* chart() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void restyle();

    QChartView* m_view = nullptr;
    QList<QPair<QString, int>> m_ranking;
};

} // namespace qiscout::ui
