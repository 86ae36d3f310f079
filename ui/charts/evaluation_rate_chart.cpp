// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/evaluation_rate_chart.h"

#include <algorithm>

#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>

#include "charts/chart_style.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// Beyond this many points the line is thinned to every other point; a long run stays cheap to draw.
constexpr qsizetype maxPoints = 2000;
/// Time ticks are at least this far apart (seconds): a search of a few milliseconds still gets a readable axis.
constexpr double minimumTimeStep = 0.01;

} // namespace

EvaluationRateChart::EvaluationRateChart(QWidget* parent)
    : ChartWidget(parent)
    , m_series(new QLineSeries)
    , m_timeAxis(new QValueAxis)
    , m_countAxis(new QValueAxis)
{
    QChart* target = chart();
    m_series->setName(tr("Combinations checked"));
    target->addSeries(m_series);
    m_timeAxis->setTitleText(tr("Seconds since the start"));
    m_countAxis->setTitleText(tr("Combinations checked"));
    target->addAxis(m_timeAxis, Qt::AlignBottom);
    target->addAxis(m_countAxis, Qt::AlignLeft);
    m_series->attachAxis(m_timeAxis);
    m_series->attachAxis(m_countAxis);
    clear();
}

int EvaluationRateChart::sampleCount() const
{
    return static_cast<int>(m_series->count());
}

void EvaluationRateChart::clear()
{
    m_series->clear();
    m_maxCount = 0.0;
    setRoundRange(*m_timeAxis, 1.0, minimumTimeStep);
    setRoundRange(*m_countAxis, 10.0, 1.0);
    setCaption(tr("Combinations checked over time"));
    restyle();
}

void EvaluationRateChart::addSample(double elapsedSeconds, quint64 setsEvaluated)
{
    const auto count = static_cast<double>(setsEvaluated);
    if (m_series->count() >= maxPoints) {
        QList<QPointF> points = m_series->points();
        QList<QPointF> thinned;
        thinned.reserve(points.size() / 2 + 1);
        for (qsizetype index = 0; index < points.size(); index += 2)
            thinned.append(points[index]);
        m_series->replace(thinned);
    }
    m_series->append(elapsedSeconds, count);
    m_maxCount = std::max(m_maxCount, count);
    setRoundRange(*m_timeAxis, std::max(elapsedSeconds, minimumTimeStep), minimumTimeStep);
    setRoundRange(*m_countAxis, std::max(10.0, m_maxCount), 1.0);
    if (elapsedSeconds > 0.0) {
        const QLocale locale;
        setCaption(
            tr("Combinations checked over time (%1 per second)").arg(locale.toString(count / elapsedSeconds, 'f', 0)));
    }
}

void EvaluationRateChart::colourSeries()
{
    QPen pen(stateColor(SetState::InProgress, palette()), 2.0);
    pen.setCosmetic(true);
    m_series->setPen(pen);
}

} // namespace qiscout::ui
