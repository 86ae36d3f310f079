// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>

#include "qiscout/core/risk/risk_assessment.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Horizontal bars: the share of the summed SUDA scores each key column takes part in (sdcMicro's
/// attribute contributions), largest on top. Only as many columns as can each be named are shown;
/// the rest share one bar, so that no bar goes unnamed (#35).
class AttributeContributionChart : public ChartWidget {
    Q_OBJECT

public:
    explicit AttributeContributionChart(QWidget* parent = nullptr);

    void setAssessment(const core::RiskAssessment& assessment, const QStringList& columnNames);
    void clear();

    /// (column name, percent) as ranked, largest first; for tests.
    [[nodiscard]] QList<QPair<QString, double>> ranking() const { return m_ranking; }

protected:
    void colourSeries() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    /// How many bars fit with a readable name each, at the chart's height.
    [[nodiscard]] int barsThatFit() const;

    QList<QPair<QString, double>> m_ranking;
    int m_barsShown = 0;
};

} // namespace qiscout::ui
