// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart_widget.h"

QT_BEGIN_NAMESPACE
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Live line of the number of column sets checked so far against elapsed time.
class EvaluationRateChart : public ChartWidget {
    Q_OBJECT

public:
    explicit EvaluationRateChart(QWidget* parent = nullptr);

    /// Appends one progress sample; samples must come with non-decreasing time.
    void addSample(double elapsedSeconds, quint64 setsEvaluated);
    void clear();

    /// Number of points on the line; for tests.
    [[nodiscard]] int sampleCount() const;

protected:
    void colourSeries() override;

private:
    QLineSeries* m_series = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_countAxis = nullptr;
    double m_maxCount = 0.0;
};

} // namespace qiscout::ui
