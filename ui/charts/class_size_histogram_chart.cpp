// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/class_size_histogram_chart.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QStackedBarSeries>
#include <QValueAxis>

#include "charts/chart_style.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// Sizes up to k get a bar each while k is at most this; larger sizes are grouped in growing bins.
constexpr std::uint64_t exactSizesUpTo = 10;
/// Each bin above k holds sizes up to this factor larger than its smallest: few, readable bins.
constexpr std::uint64_t binGrowth = 4;
/// More bins than this get upright labels, which stay readable in a narrow dock.
constexpr std::size_t rotateLabelsAbove = 6;
/// Counts spanning more than this factor switch the count axis to a log scale.
constexpr double logScaleSpread = 100.0;

/// Lower bounds of the bins: exact sizes around k, then growing by binGrowth, with k + 1 always a boundary
/// so no bin mixes re-identifiable and safe groups.
std::vector<std::uint64_t> binStarts(std::uint64_t k, std::uint64_t largest)
{
    std::vector<std::uint64_t> starts;
    if (k <= exactSizesUpTo) {
        for (std::uint64_t size = 1; size <= k + 1; ++size)
            starts.push_back(size);
    } else {
        for (std::uint64_t size = 1; size <= k; size *= 2)
            starts.push_back(size);
        starts.push_back(k + 1);
    }
    for (std::uint64_t next = starts.back() * binGrowth; next <= largest; next *= binGrowth)
        starts.push_back(next);
    return starts;
}

/// On the log scale a count is drawn at 1 + log10(count) (1 at 1, 2 at 10, 3 at 100) on a linear
/// axis labelled in powers of ten, and a zero at 0: Qt's log axis cannot take the empty half of
/// each stacked bar and printed "Logarithms of zero..." for every one (#35).
double logHeight(std::uint64_t count)
{
    return count == 0 ? 0.0 : 1.0 + std::log10(static_cast<double>(count));
}

/// "950", "12k", "3.5M": group sizes in axis labels stay short.
QString compactNumber(std::uint64_t value)
{
    if (value < 10'000)
        return QString::number(value);
    if (value < 1'000'000)
        return QString::number(static_cast<double>(value) / 1e3, 'g', 3) + QLatin1Char('k');
    return QString::number(static_cast<double>(value) / 1e6, 'g', 3) + QLatin1Char('M');
}

} // namespace

ClassSizeHistogramChart::ClassSizeHistogramChart(QWidget* parent) : ChartWidget(parent)
{
    clear();
}

const std::vector<ClassSizeHistogramChart::Bin>& ClassSizeHistogramChart::bins() const
{
    return m_bins;
}

void ClassSizeHistogramChart::clear()
{
    m_bins.clear();
    m_k = 0;
    m_setDescription.clear();
    m_semantics = core::MissingSemantics::Value;
    rebuild();
}

void ClassSizeHistogramChart::setClassSizes(const std::vector<std::uint32_t>& sizesOfClasses, std::uint64_t k,
                                            const QString& setDescription, core::MissingSemantics semantics)
{
    m_k = k;
    m_setDescription = setDescription;
    m_semantics = semantics;
    m_bins.clear();
    if (!sizesOfClasses.empty()) {
        const std::uint64_t largest = *std::max_element(sizesOfClasses.begin(), sizesOfClasses.end());
        const std::vector<std::uint64_t> starts = binStarts(k, largest);
        for (std::size_t index = 0; index < starts.size(); ++index) {
            const std::uint64_t high =
                index + 1 < starts.size() ? starts[index + 1] - 1 : std::max(largest, starts[index]);
            m_bins.push_back(Bin{starts[index], high, 0, high <= k});
        }
        for (const std::uint32_t size : sizesOfClasses) {
            const auto bin = std::upper_bound(starts.begin(), starts.end(), std::uint64_t{size}) - starts.begin() - 1;
            if (bin >= 0)
                ++m_bins[static_cast<std::size_t>(bin)].classes;
        }
        // Empty bins past the largest group carry no information.
        while (!m_bins.empty() && m_bins.back().classes == 0)
            m_bins.pop_back();
    }
    rebuild();
}

void ClassSizeHistogramChart::rebuild()
{
    QChart* target = chart();
    clearChart(*target);
    const bool wildcard = m_semantics == core::MissingSemantics::Wildcard;
    if (m_setDescription.isEmpty())
        setCaption(tr("Select a quasi-identifier to see the sizes of its groups of people with the same values"));
    else if (wildcard)
        setCaption(tr("People matching each combination of values of %1: a missing cell matches any value, so "
                      "the groups overlap")
                       .arg(m_setDescription));
    else
        setCaption(tr("Sizes of the groups of people who share their values of %1").arg(m_setDescription));
    // Axes around nothing put their titles in odd places (#35).
    if (m_bins.empty()) {
        target->legend()->setVisible(false);
        return;
    }

    // Two stacked sets, one of them zero in every bin: groups of at most k and larger groups get
    // their own colour and legend entry.
    std::uint64_t highest = 0;
    std::uint64_t lowest = 0;
    for (const Bin& bin : m_bins) {
        highest = std::max(highest, bin.classes);
        if (bin.classes > 0)
            lowest = lowest == 0 ? bin.classes : std::min(lowest, bin.classes);
    }
    const bool logarithmic = lowest > 0 && static_cast<double>(highest) / static_cast<double>(lowest) > logScaleSpread;
    auto* atRisk = new QBarSet(tr("At most k = %1 (at risk)").arg(m_k));
    auto* safe = new QBarSet(tr("More than %1").arg(m_k));
    QStringList categories;
    for (const Bin& bin : m_bins) {
        const double height = logarithmic ? logHeight(bin.classes) : static_cast<double>(bin.classes);
        *atRisk << (bin.atMostK ? height : 0.0);
        *safe << (bin.atMostK ? 0.0 : height);
        categories << (bin.lowSize == bin.highSize
                           ? compactNumber(bin.lowSize)
                           : compactNumber(bin.lowSize) + QStringLiteral("–") + compactNumber(bin.highSize));
    }
    auto* series = new QStackedBarSeries;
    series->append(atRisk);
    series->append(safe);
    series->setBarWidth(0.8);
    target->addSeries(series);
    target->legend()->setVisible(m_k > 0 && !m_bins.empty());
    target->legend()->setAlignment(Qt::AlignBottom);

    auto* sizeAxis = new QBarCategoryAxis;
    sizeAxis->append(categories);
    sizeAxis->setTruncateLabels(false);
    if (m_bins.size() > rotateLabelsAbove)
        sizeAxis->setLabelsAngle(-90);
    sizeAxis->setTitleText(wildcard ? tr("People matching the combination") : tr("People in the group"));
    target->addAxis(sizeAxis, Qt::AlignBottom);
    series->attachAxis(sizeAxis);
    if (logarithmic) {
        auto* countAxis = new QCategoryAxis;
        countAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        const double top = logHeight(highest);
        std::uint64_t power = 1;
        // A label only up to the highest bar: one above it sat cut at the chart's top edge.
        for (int decade = 0; 1.0 + decade <= top; ++decade, power *= 10)
            countAxis->append(compactNumber(power), 1.0 + decade);
        countAxis->setRange(0.0, top + 0.3);
        countAxis->setTitleText(wildcard ? tr("Combinations (log scale)") : tr("Groups (log scale)"));
        target->addAxis(countAxis, Qt::AlignLeft);
        series->attachAxis(countAxis);
    } else {
        auto* countAxis = new QValueAxis;
        setRoundRange(*countAxis, std::max(1.0, static_cast<double>(highest)), 1.0);
        countAxis->setTitleText(wildcard ? tr("Combinations") : tr("Groups"));
        target->addAxis(countAxis, Qt::AlignLeft);
        series->attachAxis(countAxis);
    }
    restyle();
}

void ClassSizeHistogramChart::colourSeries()
{
    const auto sets = chart()->series().isEmpty()
                          ? QList<QBarSet*>()
                          : static_cast<QAbstractBarSeries*>(chart()->series().front())->barSets();
    const std::array<SetState, 2> states{SetState::Vulnerable, SetState::Safe};
    for (qsizetype index = 0; index < sets.size() && index < 2; ++index) {
        const QColor color = stateColor(states[static_cast<std::size_t>(index)], palette());
        sets[index]->setColor(color);
        sets[index]->setBorderColor(color);
    }
}

} // namespace qiscout::ui
