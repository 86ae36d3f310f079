// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/distribution_chart.h"

#include <QChart>

#include "charts/chart_style.h"
#include "protect/transformation_palette.h"

namespace qiscout::ui {

DistributionChart::DistributionChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

void DistributionChart::clear()
{
    setDistribution(QString(), {});
}

void DistributionChart::setDistribution(const QString& caption, const std::vector<core::DistributionBar>& bars)
{
    setCaption(caption);
    m_labels.clear();
    CountBars shown;
    shown.seriesName = tr("Rows");
    // A horizontal bar chart draws its first category at the bottom: add the last bar first.
    for (auto it = bars.crbegin(); it != bars.crend(); ++it) {
        shown.categories << QString::fromStdString(it->label);
        shown.counts << static_cast<double>(it->rows);
    }
    for (const core::DistributionBar& bar : bars)
        m_labels << QString::fromStdString(bar.label);
    shown.countAxisTitle = tr("Rows");
    shown.orientation = Qt::Horizontal;
    shown.barWidth = 0.7;
    showCountBars(*chart(), shown);
    restyle();
}

void DistributionChart::colourSeries()
{
    colourBars(*chart(), transformationColor(TransformationState::Choice, palette()), palette());
}

} // namespace qiscout::ui
