// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QList>
#include <QPair>
#include <QStringList>

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Horizontal bars, one per coarsened column: the share of its detail a protection loses (the loss
/// metric per column, 0 for values kept as they are, 100 % for a column withheld everywhere), in
/// the columns' order from the top.
class DetailLostChart : public ChartWidget {
    Q_OBJECT

public:
    explicit DetailLostChart(QWidget* parent = nullptr);

    /// `loss` holds one share in [0, 1] per name.
    void setLoss(const QStringList& columnNames, const std::vector<double>& loss);
    void clear();

    /// (column name, whole percent) per bar, top first; for tests.
    [[nodiscard]] QList<QPair<QString, int>> bars() const { return m_bars; }

protected:
    void colourSeries() override;

private:
    void rebuild();

    QList<QPair<QString, int>> m_bars;
};

} // namespace qiscout::ui
