// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>

#include <QList>
#include <QPalette>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QChart;
class QValueAxis;
class QWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Matches the chart's theme, background and text to the widget palette (light or dark).
/// Resets series colours, so callers colour their series afterwards.
void applyPalette(QChart& chart, const QPalette& palette);

/// Removes and deletes every series and axis of the chart (QChart::removeAxis alone would leave
/// the axis to the caller).
void clearChart(QChart& chart);

/// The smallest step of 1, 2 or 5 times a power of ten that divides [0, maximum] into at most
/// `intervals` parts; at least `smallestStep`.
[[nodiscard]] double roundStep(double maximum, int intervals, double smallestStep);
/// Sets the axis to 0..a round number at or above `maximum`, with a tick at every round step (at
/// least `smallestStep`) and labels with as many decimals as the step needs, so no two read alike.
void setRoundRange(QValueAxis& axis, double maximum, double smallestStep);

/// One bar per category, counting or measuring something; bars go up (Qt::Vertical) or right
/// (Qt::Horizontal).
struct CountBars {
    QString seriesName;
    QStringList categories;
    QList<double> counts;
    /// Each bar's label, as QAbstractBarSeries::setLabelsFormat takes it ("@value %" for shares).
    QString labelsFormat = QStringLiteral("@value");
    QString categoryAxisTitle;
    QString countAxisTitle;
    Qt::Orientation orientation = Qt::Vertical;
    double barWidth = 0.6;
    /// The largest value a bar can have (100 for percentages): no tick goes past it.
    std::optional<double> valueLimit;
};
/// Replaces the chart's series and axes with these bars, each labelled with its count. Category
/// labels are never elided: a cut column name could name another column. Without categories the
/// chart is left empty, without axes: axes around nothing put their titles in odd places (#35).
void showCountBars(QChart& chart, const CountBars& bars);
/// Colours every bar of the chart's bar series, with labels in the palette's text colour.
void colourBars(QChart& chart, const QColor& color, const QPalette& palette);

} // namespace qiscout::ui
