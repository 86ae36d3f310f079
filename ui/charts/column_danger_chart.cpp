// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/column_danger_chart.h"

#include <algorithm>

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QToolTip>

#include "charts/chart_style.h"
#include "common/column_set_text.h"
#include "common/counted_noun.h"
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

void ColumnDangerChart::clear()
{
    m_ranking.clear();
    rebuild();
}

void ColumnDangerChart::setResult(const core::SearchResult& result, const QStringList& columnNames)
{
    m_ranking.clear();
    for (const int column : result.searchedColumns.columns()) {
        Entry entry{columnLabels(core::ColumnSet::single(column), columnNames).front(), 0, 0};
        for (const core::MinimalSet& set : result.minimalSets)
            if (set.columns.contains(column)) {
                entry.rowsIsolated = std::max(entry.rowsIsolated, set.isolatedRows);
                ++entry.quasiIdentifiers;
            }
        m_ranking.append(entry);
    }
    // Stable: equally dangerous columns keep the table's order.
    std::stable_sort(m_ranking.begin(), m_ranking.end(), [](const Entry& a, const Entry& b) {
        if (a.rowsIsolated != b.rowsIsolated)
            return a.rowsIsolated > b.rowsIsolated;
        return a.quasiIdentifiers > b.quasiIdentifiers;
    });
    if (m_ranking.size() > maxBars)
        m_ranking.resize(maxBars);
    rebuild();
}

void ColumnDangerChart::rebuild()
{
    setCaption(m_ranking.isEmpty()
                   ? tr("Run the analysis to see which columns single out the most rows")
                   : tr("Columns by the most rows a quasi-identifier containing them singles out (hover a bar: "
                        "in how many quasi-identifiers the column is)"));
    CountBars bars;
    bars.seriesName = tr("Rows singled out");
    // A horizontal bar chart draws its first category at the bottom: add the least dangerous first.
    for (auto it = m_ranking.crbegin(); it != m_ranking.crend(); ++it) {
        bars.categories << it->name;
        bars.counts << static_cast<double>(it->rowsIsolated);
    }
    bars.countAxisTitle = tr("Rows its most revealing quasi-identifier singles out");
    bars.orientation = Qt::Horizontal;
    bars.barWidth = 0.7;
    showCountBars(*chart(), bars);
    for (QAbstractSeries* series : chart()->series())
        for (QBarSet* set : static_cast<QAbstractBarSeries*>(series)->barSets())
            connect(set, &QBarSet::hovered, this, [this](bool entered, int index) {
                const qsizetype ranked = m_ranking.size() - 1 - index;
                if (!entered || ranked < 0 || ranked >= m_ranking.size()) {
                    QToolTip::hideText();
                    return;
                }
                const Entry& entry = m_ranking[ranked];
                QToolTip::showText(QCursor::pos(),
                                   tr("%1: in %2; the most revealing singles out %3.")
                                       .arg(entry.name,
                                            countedNoun(static_cast<std::uint64_t>(entry.quasiIdentifiers),
                                                        tr("quasi-identifier"), tr("quasi-identifiers")),
                                            countedNoun(entry.rowsIsolated, tr("row"), tr("rows"))),
                                   this);
            });
    restyle();
}

void ColumnDangerChart::colourSeries()
{
    colourBars(*chart(), stateColor(SetState::Vulnerable, palette()), palette());
}

} // namespace qiscout::ui
