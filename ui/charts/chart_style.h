// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPalette>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// A chart view set up the same way for every chart: antialiased, frameless, inside `owner`'s layout.
[[nodiscard]] QChartView* createChartView(QWidget* owner);
/// Matches the chart's theme, background and text to the widget palette (light or dark).
/// Resets series colours, so callers colour their series afterwards.
void applyPalette(QChart& chart, const QPalette& palette);

} // namespace qiscout::ui
