// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/evaluation_rate_chart.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>

#include "charts/chart_style.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// Beyond this many points the line is thinned to every other point; a long run stays cheap to draw.
constexpr qsizetype maxPoints = 2000;

/// The smallest of 1, 2, 4, 6, 8 times a power of ten at or above value: with the axis's four
/// intervals every tick then lands on a round number.
double niceCeiling(double value)
{
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (const double step : {1.0, 2.0, 4.0, 6.0, 8.0})
        if (step * decade >= value)
            return step * decade;
    return 10.0 * decade;
}

} // namespace

EvaluationRateChart::EvaluationRateChart(QWidget* parent)
    : QWidget(parent)
    , m_view(createChartView(this))
    , m_series(new QLineSeries)
    , m_timeAxis(new QValueAxis)
    , m_countAxis(new QValueAxis)
{
    QChart* target = chart();
    m_series->setName(tr("Combinations checked"));
    target->addSeries(m_series);
    m_timeAxis->setTitleText(tr("Seconds since the start"));
    m_timeAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_countAxis->setTitleText(tr("Combinations checked"));
    m_countAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_countAxis->setTickCount(5);
    target->addAxis(m_timeAxis, Qt::AlignBottom);
    target->addAxis(m_countAxis, Qt::AlignLeft);
    m_series->attachAxis(m_timeAxis);
    m_series->attachAxis(m_countAxis);
    clear();
}

QChart* EvaluationRateChart::chart() const
{
    return m_view->chart();
}

int EvaluationRateChart::sampleCount() const
{
    return static_cast<int>(m_series->count());
}

void EvaluationRateChart::clear()
{
    m_series->clear();
    m_maxCount = 0.0;
    m_timeAxis->setRange(0, 1);
    m_countAxis->setRange(0, 10);
    chart()->setTitle(tr("Combinations checked over time"));
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
    m_timeAxis->setRange(0, std::max(1.0, elapsedSeconds));
    m_timeAxis->applyNiceNumbers();
    m_countAxis->setRange(0, niceCeiling(std::max(10.0, m_maxCount * 1.02)));
    if (elapsedSeconds > 0.0) {
        const QLocale locale;
        chart()->setTitle(
            tr("Combinations checked over time (%1 per second)").arg(locale.toString(count / elapsedSeconds, 'f', 0)));
    }
}

void EvaluationRateChart::restyle()
{
    applyPalette(*chart(), palette());
    QPen pen(stateColor(SetState::InProgress, palette()), 2.0);
    pen.setCosmetic(true);
    m_series->setPen(pen);
}

void EvaluationRateChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        restyle();
    QWidget::changeEvent(event);
}

} // namespace qiscout::ui
