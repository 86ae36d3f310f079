// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/detail_lost_chart.h"

#include <algorithm>
#include <cmath>

#include <QAbstractBarSeries>
#include <QChart>
#include <QValueAxis>

#include "charts/chart_style.h"
#include "protect/transformation_palette.h"

namespace qiscout::ui {

DetailLostChart::DetailLostChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

void DetailLostChart::clear()
{
    m_bars.clear();
    rebuild();
}

void DetailLostChart::setLoss(const QStringList& columnNames, const std::vector<double>& loss)
{
    m_bars.clear();
    const qsizetype count = std::min<qsizetype>(columnNames.size(), static_cast<qsizetype>(loss.size()));
    for (qsizetype i = 0; i < count; ++i)
        m_bars.append({columnNames[i],
                       static_cast<int>(std::lround(100.0 * std::clamp(loss[static_cast<std::size_t>(i)], 0.0, 1.0)))});
    rebuild();
}

void DetailLostChart::rebuild()
{
    setCaption(tr("Detail lost per coarsened column"));
    CountBars bars;
    bars.seriesName = tr("Detail lost (%)");
    // A horizontal bar chart draws its first category at the bottom: add the last column first.
    for (auto it = m_bars.crbegin(); it != m_bars.crend(); ++it) {
        bars.categories << it->first;
        bars.counts << it->second;
    }
    bars.countAxisTitle = tr("Detail lost (%)");
    bars.orientation = Qt::Horizontal;
    bars.barWidth = 0.7;
    showCountBars(*chart(), bars);
    // Shares of a whole: the axis ends at 100 % whatever the largest bar.
    for (QAbstractAxis* axis : chart()->axes(Qt::Horizontal))
        if (auto* values = qobject_cast<QValueAxis*>(axis))
            setRoundRange(*values, 100.0, 1.0);
    for (QAbstractSeries* series : chart()->series())
        static_cast<QAbstractBarSeries*>(series)->setLabelsFormat(QStringLiteral("@value %"));
    restyle();
}

void DetailLostChart::colourSeries()
{
    colourBars(*chart(), transformationColor(TransformationState::Choice, palette()), palette());
}

} // namespace qiscout::ui
