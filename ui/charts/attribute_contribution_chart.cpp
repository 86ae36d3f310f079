// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/attribute_contribution_chart.h"

#include <algorithm>
#include <cmath>

#include <QChart>

#include "charts/chart_style.h"
#include "common/column_set_text.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

AttributeContributionChart::AttributeContributionChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

void AttributeContributionChart::clear()
{
    m_ranking.clear();
    rebuild();
}

void AttributeContributionChart::setAssessment(const core::RiskAssessment& assessment, const QStringList& columnNames)
{
    m_ranking.clear();
    for (std::size_t key = 0; key < assessment.keyColumns.size(); ++key)
        m_ranking.append({columnLabels(core::ColumnSet::single(assessment.keyColumns[key]), columnNames).front(),
                          assessment.suda.attributeContributions[key]});
    // Stable: columns of equal share keep the table's order.
    std::stable_sort(
        m_ranking.begin(), m_ranking.end(),
        [](const QPair<QString, double>& a, const QPair<QString, double>& b) { return a.second > b.second; });
    rebuild();
}

void AttributeContributionChart::rebuild()
{
    setCaption(m_ranking.isEmpty() ? tr("Assess the risk to see which columns make records unique")
                                   : tr("Share of the SUDA scores each key column takes part in"));
    CountBars bars;
    bars.seriesName = tr("Share of the SUDA scores");
    // A horizontal bar chart draws its first category at the bottom: add the smallest share first.
    for (auto it = m_ranking.crbegin(); it != m_ranking.crend(); ++it) {
        bars.categories << it->first;
        bars.counts << std::round(it->second * 10.0) / 10.0;
    }
    bars.labelsFormat = QStringLiteral("@value %");
    bars.countAxisTitle = tr("Percent of the summed SUDA scores");
    bars.orientation = Qt::Horizontal;
    bars.barWidth = 0.7;
    bars.valueLimit = 100.0;
    showCountBars(*chart(), bars);
    restyle();
}

void AttributeContributionChart::colourSeries()
{
    colourBars(*chart(), stateColor(SetState::Vulnerable, palette()), palette());
}

} // namespace qiscout::ui
