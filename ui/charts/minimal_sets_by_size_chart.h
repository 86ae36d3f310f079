// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

#include "qiscout/core/engines/search_result.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Bar chart: how many quasi-identifiers there are of each size (1 column, 2 columns, ...).
class MinimalSetsBySizeChart : public QWidget {
    Q_OBJECT

public:
    explicit MinimalSetsBySizeChart(QWidget* parent = nullptr);

    /// Shows the counts of a result's minimal sets per size.
    void setResult(const core::SearchResult& result, const QStringList& columnNames);
    void clear();

    /// The bar heights shown, index 0 = sets of one column; for tests.
    [[nodiscard]] QList<int> barValues() const;
    [[nodiscard]] QChart* chart() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void restyle();

    QChartView* m_view = nullptr;
    QList<int> m_values;
};

} // namespace qiscout::ui
