// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

#include <QList>
#include <QString>
#include <QStringList>

#include "qiscout/core/engines/search_result.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Horizontal bar ranking of the searched columns by the most rows one quasi-identifier containing
/// them singles out (most dangerous on top); hovering a bar tells in how many quasi-identifiers the
/// column takes part. Ranked by that count alone, a column in three quasi-identifiers that single
/// out few rows came before one that alone isolates 144 (#35).
class ColumnDangerChart : public ChartWidget {
    Q_OBJECT

public:
    /// One column's danger.
    struct Entry {
        QString name;
        /// The most rows a quasi-identifier containing the column isolates.
        std::uint64_t rowsIsolated = 0;
        /// How many quasi-identifiers contain the column.
        int quasiIdentifiers = 0;
    };

    explicit ColumnDangerChart(QWidget* parent = nullptr);

    void setResult(const core::SearchResult& result, const QStringList& columnNames);
    void clear();

    /// The columns as ranked, most dangerous first (ties: more quasi-identifiers, then table order).
    [[nodiscard]] const QList<Entry>& ranking() const { return m_ranking; }

protected:
    void colourSeries() override;

private:
    void rebuild();

    QList<Entry> m_ranking;
};

} // namespace qiscout::ui
