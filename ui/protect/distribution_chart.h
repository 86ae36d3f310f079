// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QStringList>

#include "qiscout/core/anonymization/information_loss_profile.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// One distribution of a protected column (#34): horizontal bars, one per value or released
/// category, in the profile's order from the top, each with its rows.
class DistributionChart : public ChartWidget {
    Q_OBJECT

public:
    explicit DistributionChart(QWidget* parent = nullptr);

    void setDistribution(const QString& caption, const std::vector<core::DistributionBar>& bars);
    void clear();

    /// The bars' labels, top first; for tests.
    [[nodiscard]] const QStringList& labels() const { return m_labels; }

protected:
    void colourSeries() override;

private:
    QStringList m_labels;
};

} // namespace qiscout::ui
