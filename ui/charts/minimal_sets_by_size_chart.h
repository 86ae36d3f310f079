// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

#include "qiscout/core/engines/search_result.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Bar chart: how many quasi-identifiers there are of each size (1 column, 2 columns, ...).
class MinimalSetsBySizeChart : public ChartWidget {
    Q_OBJECT

public:
    explicit MinimalSetsBySizeChart(QWidget* parent = nullptr);

    /// Shows the counts of a result's minimal sets per size.
    void setResult(const core::SearchResult& result);
    void clear();

    /// The bar heights shown, index 0 = sets of one column; for tests.
    [[nodiscard]] QList<int> barValues() const;

protected:
    void colourSeries() override;

private:
    void rebuild();

    QList<int> m_values;
};

} // namespace qiscout::ui
