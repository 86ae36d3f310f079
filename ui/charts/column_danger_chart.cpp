// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/column_danger_chart.h"

#include <algorithm>

#include <QChart>

#include "charts/chart_style.h"
#include "common/column_set_text.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// More bars than this would not be readable; the ranking keeps the most dangerous columns.
constexpr qsizetype maxBars = 25;

} // namespace

ColumnDangerChart::ColumnDangerChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

QList<QPair<QString, int>> ColumnDangerChart::ranking() const
{
    return m_ranking;
}

void ColumnDangerChart::clear()
{
    m_ranking.clear();
    rebuild();
}

void ColumnDangerChart::setResult(const core::SearchResult& result, const QStringList& columnNames)
{
    m_ranking.clear();
    for (const int column : result.searchedColumns.columns()) {
        const auto count =
            std::count_if(result.minimalSets.begin(), result.minimalSets.end(),
                          [column](const core::MinimalSet& set) { return set.columns.contains(column); });
        m_ranking.append({columnLabels(core::ColumnSet::single(column), columnNames).front(), static_cast<int>(count)});
    }
    // Stable: equally dangerous columns keep the table's order.
    std::stable_sort(m_ranking.begin(), m_ranking.end(),
                     [](const QPair<QString, int>& a, const QPair<QString, int>& b) { return a.second > b.second; });
    if (m_ranking.size() > maxBars)
        m_ranking.resize(maxBars);
    rebuild();
}

void ColumnDangerChart::rebuild()
{
    setCaption(tr("Columns that appear in the most quasi-identifiers"));
    CountBars bars;
    bars.seriesName = tr("Quasi-identifiers containing the column");
    // A horizontal bar chart draws its first category at the bottom: add the least dangerous first.
    for (auto it = m_ranking.crbegin(); it != m_ranking.crend(); ++it) {
        bars.categories << it->first;
        bars.counts << it->second;
    }
    bars.countAxisTitle = tr("Quasi-identifiers containing the column");
    bars.orientation = Qt::Horizontal;
    bars.barWidth = 0.7;
    showCountBars(*chart(), bars);
    restyle();
}

void ColumnDangerChart::colourSeries()
{
    colourBars(*chart(), stateColor(SetState::Vulnerable, palette()), palette());
}

} // namespace qiscout::ui
