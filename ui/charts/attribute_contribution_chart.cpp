// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/attribute_contribution_chart.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QResizeEvent>

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
    // Dense bars lost every other name on the axis, the largest share's too: the top columns that
    // fit with their names, the others summed into one bar.
    m_barsShown = barsThatFit();
    const auto named =
        static_cast<qsizetype>(m_ranking.size() <= m_barsShown ? m_ranking.size() : std::max(1, m_barsShown - 1));
    // A horizontal bar chart draws its first category at the bottom: add the smallest share first.
    if (named < m_ranking.size()) {
        double others = 0;
        for (qsizetype index = named; index < m_ranking.size(); ++index)
            others += m_ranking[index].second;
        bars.categories << tr("%n other columns", nullptr, static_cast<int>(m_ranking.size() - named));
        bars.counts << std::round(others * 10.0) / 10.0;
    }
    for (qsizetype index = named - 1; index >= 0; --index) {
        bars.categories << m_ranking[index].first;
        bars.counts << std::round(m_ranking[index].second * 10.0) / 10.0;
    }
    bars.labelsFormat = QStringLiteral("@value %");
    bars.countAxisTitle = tr("Percent of the summed SUDA scores");
    bars.orientation = Qt::Horizontal;
    bars.barWidth = 0.7;
    bars.valueLimit = 100.0;
    showCountBars(*chart(), bars);
    restyle();
}

int AttributeContributionChart::barsThatFit() const
{
    // The plot is the chart less its caption, axis title and tick labels: about six text lines.
    const int line = fontMetrics().height() + 4;
    return std::max(3, height() / line - 6);
}

void AttributeContributionChart::resizeEvent(QResizeEvent* event)
{
    ChartWidget::resizeEvent(event);
    if (!m_ranking.isEmpty() && barsThatFit() != m_barsShown &&
        (m_barsShown < m_ranking.size() || barsThatFit() < m_ranking.size()))
        rebuild();
}

void AttributeContributionChart::colourSeries()
{
    colourBars(*chart(), stateColor(SetState::Vulnerable, palette()), palette());
}

} // namespace qiscout::ui
