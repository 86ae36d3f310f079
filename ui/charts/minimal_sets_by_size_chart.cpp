// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/minimal_sets_by_size_chart.h"

#include <algorithm>

#include <QChart>

#include "charts/chart_style.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

MinimalSetsBySizeChart::MinimalSetsBySizeChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

QList<int> MinimalSetsBySizeChart::barValues() const
{
    return m_values;
}

void MinimalSetsBySizeChart::clear()
{
    m_values.clear();
    rebuild();
}

void MinimalSetsBySizeChart::setResult(const core::SearchResult& result)
{
    int largest = 0;
    for (const core::MinimalSet& set : result.minimalSets)
        largest = std::max(largest, set.columns.size());
    m_values = QList<int>(largest, 0);
    for (const core::MinimalSet& set : result.minimalSets)
        ++m_values[set.columns.size() - 1];
    rebuild();
}

void MinimalSetsBySizeChart::rebuild()
{
    setCaption(tr("Quasi-identifiers by number of columns"));
    CountBars bars;
    bars.seriesName = tr("Quasi-identifiers");
    for (qsizetype index = 0; index < m_values.size(); ++index)
        bars.categories << (index == 0 ? tr("1 column") : tr("%1 columns").arg(index + 1));
    for (const int value : std::as_const(m_values))
        bars.counts << value;
    bars.categoryAxisTitle = tr("Columns combined");
    bars.countAxisTitle = tr("Quasi-identifiers");
    showCountBars(*chart(), bars);
    restyle();
}

void MinimalSetsBySizeChart::colourSeries()
{
    colourBars(*chart(), stateColor(SetState::Vulnerable, palette()), palette());
}

} // namespace qiscout::ui
