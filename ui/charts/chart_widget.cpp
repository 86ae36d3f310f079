// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chart_widget.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLegend>
#include <QVBoxLayout>

#include "charts/chart_style.h"

namespace qiscout::ui {

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent)
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Without this the chart sits in a frame of the window colour inside its own view.
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_view = new QChartView(chart, this);
    m_view->setRenderHint(QPainter::Antialiasing, true);
    m_view->setFrameShape(QFrame::NoFrame);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignHCenter);
    m_caption->setContentsMargins(4, 4, 4, 0);
    // On the chart's background colour, as a chart title would be.
    m_caption->setBackgroundRole(QPalette::Base);
    m_caption->setAutoFillBackground(true);
    QFont bold = m_caption->font();
    bold.setBold(true);
    m_caption->setFont(bold);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_caption);
    layout->addWidget(m_view, 1);
}

QChart* ChartWidget::chart() const
{
    return m_view->chart();
}

QString ChartWidget::caption() const
{
    return m_caption->text();
}

void ChartWidget::setCaption(const QString& text)
{
    m_caption->setText(text);
}

void ChartWidget::restyle()
{
    applyPalette(*chart(), palette());
    colourSeries();
}

void ChartWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        restyle();
    QWidget::changeEvent(event);
}

} // namespace qiscout::ui
