// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>

#include "qiscout/core/risk/risk_assessment.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Horizontal bars: the share of the summed SUDA scores each key column takes part in (sdcMicro's
/// attribute contributions), largest on top.
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

private:
    void rebuild();

    QList<QPair<QString, double>> m_ranking;
};

} // namespace qiscout::ui
