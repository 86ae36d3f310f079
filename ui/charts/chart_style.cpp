// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chart_style.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QVBoxLayout>

#include "lattice/lattice_palette.h"

namespace qiscout::ui {

QChartView* createChartView(QWidget* owner)
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* view = new QChartView(chart, owner);
    view->setRenderHint(QPainter::Antialiasing, true);
    view->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return view;
}

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

} // namespace qiscout::ui
