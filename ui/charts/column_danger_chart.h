// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>

#include "qiscout/core/engines/search_result.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Horizontal bar ranking: in how many quasi-identifiers each column takes part (most dangerous on top).
class ColumnDangerChart : public ChartWidget {
    Q_OBJECT

public:
    explicit ColumnDangerChart(QWidget* parent = nullptr);

    /// Counts, per searched column, the minimal sets that contain it.
    void setResult(const core::SearchResult& result, const QStringList& columnNames);
    void clear();

    /// (column name, count) pairs as ranked, most dangerous first; for tests.
    [[nodiscard]] QList<QPair<QString, int>> ranking() const;

protected:
    void colourSeries() override;

private:
    void rebuild();

    QList<QPair<QString, int>> m_ranking;
};

} // namespace qiscout::ui
