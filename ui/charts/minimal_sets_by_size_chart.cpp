// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/minimal_sets_by_size_chart.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QValueAxis>

#include "charts/chart_style.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

MinimalSetsBySizeChart::MinimalSetsBySizeChart(QWidget* parent) : QWidget(parent), m_view(createChartView(this))
{
    clear();
}

QChart* MinimalSetsBySizeChart::chart() const
{
    return m_view->chart();
}

QList<int> MinimalSetsBySizeChart::barValues() const
{
    return m_values;
}

void MinimalSetsBySizeChart::clear()
{
    m_values.clear();
    rebuild();
}

void MinimalSetsBySizeChart::setResult(const core::SearchResult& result, const QStringList& columnNames)
{
    Q_UNUSED(columnNames)
    int largest = 0;
    for (const core::MinimalSet& set : result.minimalSets)
        largest = std::max(largest, set.columns.size());
    m_values = QList<int>(largest, 0);
    for (const core::MinimalSet& set : result.minimalSets)
        ++m_values[set.columns.size() - 1];
    rebuild();
}

void MinimalSetsBySizeChart::rebuild()
{
    QChart* target = chart();
    target->removeAllSeries();
    for (QAbstractAxis* axis : target->axes())
        target->removeAxis(axis);
    target->setTitle(tr("Quasi-identifiers by number of columns"));

    auto* bars = new QBarSet(tr("Quasi-identifiers"));
    QStringList categories;
    int highest = 0;
    for (qsizetype index = 0; index < m_values.size(); ++index) {
        *bars << m_values[index];
        categories << (index == 0 ? tr("1 column") : tr("%1 columns").arg(index + 1));
        highest = std::max(highest, m_values[index]);
    }
    auto* series = new QBarSeries;
    series->append(bars);
    series->setBarWidth(0.6);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    target->addSeries(series);

    auto* sizeAxis = new QBarCategoryAxis;
    sizeAxis->append(categories);
    sizeAxis->setTitleText(tr("Columns combined"));
    auto* countAxis = new QValueAxis;
    countAxis->setRange(0, std::max(1, highest) * 1.15);
    countAxis->setLabelFormat(QStringLiteral("%d"));
    countAxis->setTickType(QValueAxis::TicksDynamic);
    countAxis->setTickAnchor(0);
    countAxis->setTickInterval(std::max(1.0, std::ceil(highest / 5.0)));
    countAxis->setTitleText(tr("Quasi-identifiers"));
    target->addAxis(sizeAxis, Qt::AlignBottom);
    target->addAxis(countAxis, Qt::AlignLeft);
    series->attachAxis(sizeAxis);
    series->attachAxis(countAxis);
    restyle();
}

void MinimalSetsBySizeChart::restyle()
{
    applyPalette(*chart(), palette());
    for (QAbstractSeries* series : chart()->series())
        for (QBarSet* set : static_cast<QBarSeries*>(series)->barSets()) {
            set->setColor(stateColor(SetState::Vulnerable, palette()));
            set->setBorderColor(stateColor(SetState::Vulnerable, palette()));
            set->setLabelColor(palette().color(QPalette::Text));
        }
}

void MinimalSetsBySizeChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        restyle();
    QWidget::changeEvent(event);
}

} // namespace qiscout::ui
