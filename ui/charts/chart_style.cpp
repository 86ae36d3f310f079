// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chart_style.h"

#include <algorithm>
#include <cmath>

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QValueAxis>

#include "lattice/lattice_palette.h"

namespace qiscout::ui {
namespace {

/// Room above the highest bar for its count label.
constexpr double labelHeadroom = 1.12;
/// Value axes get at most this many intervals.
constexpr int axisIntervals = 6;

} // namespace

void applyPalette(QChart& chart, const QPalette& palette)
{
    chart.setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart.setBackgroundBrush(palette.color(QPalette::Base));
    chart.setBackgroundRoundness(0);
    chart.setTitleBrush(palette.color(QPalette::Text));
    QFont titleFont = chart.titleFont();
    titleFont.setBold(true);
    chart.setTitleFont(titleFont);
    chart.legend()->setLabelColor(palette.color(QPalette::Text));
    QColor grid = palette.color(QPalette::Text);
    grid.setAlphaF(0.15F);
    for (QAbstractAxis* axis : chart.axes()) {
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
        axis->setGridLineColor(grid);
        axis->setLinePenColor(palette.color(QPalette::Mid));
    }
}

void clearChart(QChart& chart)
{
    chart.removeAllSeries();
    for (QAbstractAxis* axis : chart.axes()) {
        chart.removeAxis(axis);
        delete axis;
    }
}

double roundStep(double maximum, int intervals, double smallestStep)
{
    const double raw = std::max(maximum / std::max(intervals, 1), smallestStep);
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * decade >= raw * (1.0 - 1e-9))
            return std::max(factor * decade, smallestStep);
    return std::max(10.0 * decade, smallestStep);
}

void setRoundRange(QValueAxis& axis, double maximum, double smallestStep)
{
    const double step = roundStep(maximum, axisIntervals, smallestStep);
    axis.setRange(0, std::max(1.0, std::ceil(maximum / step - 1e-9)) * step);
    axis.setTickType(QValueAxis::TicksDynamic);
    axis.setTickAnchor(0);
    axis.setTickInterval(step);
    const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
    axis.setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}

void showCountBars(QChart& chart, const CountBars& bars)
{
    clearChart(chart);
    if (bars.categories.isEmpty())
        return;
    auto* set = new QBarSet(bars.seriesName);
    double highest = 0;
    for (const double count : bars.counts) {
        *set << count;
        highest = std::max(highest, count);
    }
    QAbstractBarSeries* series = nullptr;
    if (bars.orientation == Qt::Vertical)
        series = new QBarSeries;
    else
        series = new QHorizontalBarSeries;
    series->append(set);
    series->setBarWidth(bars.barWidth);
    series->setLabelsVisible(true);
    series->setLabelsFormat(bars.labelsFormat);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    chart.addSeries(series);

    auto* categoryAxis = new QBarCategoryAxis;
    categoryAxis->append(bars.categories);
    categoryAxis->setTruncateLabels(false);
    categoryAxis->setTitleText(bars.categoryAxisTitle);
    auto* countAxis = new QValueAxis;
    setRoundRange(*countAxis, std::max(1.0, highest * labelHeadroom), 1.0);
    // Room for the bars' labels, but no tick past the limit: a share axis ran to 120 % (#35).
    if (bars.valueLimit && countAxis->max() > *bars.valueLimit * labelHeadroom)
        countAxis->setMax(std::max(highest, *bars.valueLimit) * labelHeadroom);
    countAxis->setTitleText(bars.countAxisTitle);
    const bool vertical = bars.orientation == Qt::Vertical;
    chart.addAxis(categoryAxis, vertical ? Qt::AlignBottom : Qt::AlignLeft);
    chart.addAxis(countAxis, vertical ? Qt::AlignLeft : Qt::AlignBottom);
    series->attachAxis(categoryAxis);
    series->attachAxis(countAxis);
}

void colourBars(QChart& chart, const QColor& color, const QPalette& palette)
{
    for (QAbstractSeries* series : chart.series())
        for (QBarSet* set : static_cast<QAbstractBarSeries*>(series)->barSets()) {
            set->setColor(color);
            set->setBorderColor(color);
            set->setLabelColor(palette.color(QPalette::Text));
        }
}

} // namespace qiscout::ui
