// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/record_risk_histogram_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <QChart>

#include "charts/chart_style.h"
#include "common/significant_text.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {
namespace {

/// SUDA scores have no fixed scale: about this many bins of a round width up to the highest.
constexpr int sudaBins = 8;

/// Individual risks lie in (0, 1]; an unweighted sample's are 1 / class size, so the last bin
/// (above 0.5) holds exactly the sample uniques.
const std::vector<double> individualRiskBounds{0.01, 0.05, 0.1, 0.2, 0.5};

std::vector<double> sudaBounds(const std::vector<double>& scores)
{
    const double highest = scores.empty() ? 0.0 : *std::max_element(scores.begin(), scores.end());
    if (highest <= 0)
        return {1.0};
    const double step = roundStep(highest, sudaBins, std::numeric_limits<double>::min());
    std::vector<double> bounds;
    for (double bound = step; bound < highest * (1.0 - 1e-12); bound += step)
        bounds.push_back(bound);
    if (bounds.empty())
        bounds.push_back(highest);
    return bounds;
}

QString number(double value)
{
    return significantText(value, 3);
}

QString binLabel(const core::RiskHistogramBin& bin)
{
    if (bin.upper == 0)
        return QStringLiteral("0");
    if (std::isinf(bin.upper))
        return QStringLiteral("> ") + number(bin.lower);
    if (bin.lower == 0)
        return QStringLiteral("≤ ") + number(bin.upper);
    return number(bin.lower) + QStringLiteral("–") + number(bin.upper);
}

} // namespace

RecordRiskHistogramChart::RecordRiskHistogramChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

QString RecordRiskHistogramChart::measureName(RecordRiskMeasure measure)
{
    return tr(core::nameIn(recordRiskMeasureNames, measure).data());
}

void RecordRiskHistogramChart::setAssessment(std::shared_ptr<const core::RiskAssessment> assessment)
{
    m_assessment = std::move(assessment);
    rebuild();
}

void RecordRiskHistogramChart::setMeasure(RecordRiskMeasure measure)
{
    m_measure = measure;
    rebuild();
}

void RecordRiskHistogramChart::clear()
{
    m_assessment.reset();
    rebuild();
}

void RecordRiskHistogramChart::rebuild()
{
    m_histogram = {};
    if (m_assessment) {
        switch (m_measure) {
        case RecordRiskMeasure::DisSuda:
            m_histogram = core::disSudaHistogram(*m_assessment);
            break;
        case RecordRiskMeasure::Suda:
            m_histogram = core::riskHistogram(m_assessment->sudaScores, sudaBounds(m_assessment->sudaScores));
            break;
        case RecordRiskMeasure::IndividualRisk:
            m_histogram = core::riskHistogram(m_assessment->individualRisk, individualRiskBounds);
            break;
        }
    }
    setCaption(m_assessment ? tr("Records by %1").arg(measureName(m_measure))
                            : tr("Assess the risk to see how the records' scores are spread"));
    CountBars bars;
    bars.seriesName = tr("Records");
    for (const core::RiskHistogramBin& bin : m_histogram.bins) {
        bars.categories << binLabel(bin);
        bars.counts << static_cast<double>(bin.records);
    }
    bars.categoryAxisTitle = measureName(m_measure);
    bars.countAxisTitle = tr("Records");
    bars.barWidth = 0.8;
    showCountBars(*chart(), bars);
    restyle();
}

void RecordRiskHistogramChart::colourSeries()
{
    colourBars(*chart(), stateColor(SetState::Vulnerable, palette()), palette());
}

} // namespace qiscout::ui
