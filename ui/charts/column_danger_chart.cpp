// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/column_danger_chart.h"

#include <algorithm>
#include <cmath>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include "charts/chart_style.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// More bars than this would not be readable; the ranking keeps the most dangerous columns.
constexpr qsizetype maxBars = 25;

} // namespace

ColumnDangerChart::ColumnDangerChart(QWidget* parent) : QWidget(parent), m_view(createChartView(this))
{
    clear();
}

QChart* ColumnDangerChart::chart() const
{
    return m_view->chart();
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
        const QString name = column < columnNames.size() ? columnNames[column] : QStringLiteral("#%1").arg(column);
        m_ranking.append({name, static_cast<int>(count)});
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
    QChart* target = chart();
    target->removeAllSeries();
    for (QAbstractAxis* axis : target->axes())
        target->removeAxis(axis);
    target->setTitle(tr("Columns that appear in the most quasi-identifiers"));

    auto* bars = new QBarSet(tr("Quasi-identifiers containing the column"));
    QStringList categories;
    int highest = 0;
    // A horizontal bar chart draws its first category at the bottom: add the least dangerous first.
    for (auto it = m_ranking.crbegin(); it != m_ranking.crend(); ++it) {
        *bars << it->second;
        categories << it->first;
        highest = std::max(highest, it->second);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(bars);
    series->setBarWidth(0.7);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    target->addSeries(series);

    auto* columnAxis = new QBarCategoryAxis;
    columnAxis->append(categories);
    auto* countAxis = new QValueAxis;
    countAxis->setRange(0, std::max(1, highest) * 1.15);
    countAxis->setLabelFormat(QStringLiteral("%d"));
    countAxis->setTickType(QValueAxis::TicksDynamic);
    countAxis->setTickAnchor(0);
    countAxis->setTickInterval(std::max(1.0, std::ceil(highest / 5.0)));
    countAxis->setTitleText(tr("Quasi-identifiers containing the column"));
    target->addAxis(columnAxis, Qt::AlignLeft);
    target->addAxis(countAxis, Qt::AlignBottom);
    series->attachAxis(columnAxis);
    series->attachAxis(countAxis);
    restyle();
}

void ColumnDangerChart::restyle()
{
    applyPalette(*chart(), palette());
    for (QAbstractSeries* series : chart()->series())
        for (QBarSet* set : static_cast<QHorizontalBarSeries*>(series)->barSets()) {
            set->setColor(stateColor(SetState::Vulnerable, palette()));
            set->setBorderColor(stateColor(SetState::Vulnerable, palette()));
            set->setLabelColor(palette().color(QPalette::Text));
        }
}

void ColumnDangerChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        restyle();
    QWidget::changeEvent(event);
}

} // namespace qiscout::ui
