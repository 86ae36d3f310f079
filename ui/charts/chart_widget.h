// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLabel;
QT_END_NAMESPACE

namespace qiscout::ui {

/// What every chart shares: a word-wrapped caption above an antialiased, frameless chart view,
/// styled after the widget's palette (light or dark) whenever it changes. The caption replaces
/// QChart's title, which Qt Charts elides instead of wrapping in a narrow dock.
class ChartWidget : public QWidget {
    Q_OBJECT

public:
    [[nodiscard]] QChart* chart() const;
    /// The text above the chart.
    [[nodiscard]] QString caption() const;

protected:
    explicit ChartWidget(QWidget* parent);

    void setCaption(const QString& text);
    /// Applies the palette to the chart, then lets the subclass colour its series.
    void restyle();
    /// Colours the series; applyPalette has just reset them to the theme's colours.
    virtual void colourSeries() = 0;
    void changeEvent(QEvent* event) override;

private:
    QLabel* m_caption = nullptr;
    QChartView* m_view = nullptr;
};

} // namespace qiscout::ui
