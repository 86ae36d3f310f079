// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QTest>

#include "charts/class_size_histogram_chart.h"
#include "charts/column_danger_chart.h"
#include "charts/evaluation_rate_chart.h"
#include "charts/minimal_sets_by_size_chart.h"
#include "lattice/lattice_palette.h"

using qiscout::core::ColumnSet;
using qiscout::core::MinimalSet;
using qiscout::core::SearchResult;

namespace {

SearchResult sampleResult()
{
    SearchResult result;
    result.searchedColumns = ColumnSet::of({0, 1, 2, 3, 5});
    for (const ColumnSet& set : {ColumnSet::of({5}), ColumnSet::of({0, 1}), ColumnSet::of({1, 2}),
                                 ColumnSet::of({0, 2, 3}), ColumnSet::of({1, 3})})
        result.minimalSets.push_back(MinimalSet{set, 3, 1});
    return result;
}

const QStringList names{QStringLiteral("age"), QStringLiteral("sex"),    QStringLiteral("zip"),
                        QStringLiteral("job"), QStringLiteral("unused"), QStringLiteral("id")};

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x20, 0x22, 0x26));
    palette.setColor(QPalette::Base, QColor(0x18, 0x19, 0x1c));
    palette.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    palette.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    return palette;
}

void saveScreenshot(QWidget& widget, const QString& name)
{
    // Screenshots for a human to look at; only when asked for.
    const QByteArray directory = qgetenv("QISCOUT_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        widget.grab().save(QString::fromLocal8Bit(directory) + QLatin1Char('/') + name);
}

} // namespace

class ChartsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void minimalSetsAreCountedBySize();
    void columnsAreRankedByDanger();
    void evaluationRateKeepsALiveLine();
    void classSizesFallInTheirBins();
    void chartsFollowTheDarkPalette();
};

void ChartsTest::minimalSetsAreCountedBySize()
{
    qiscout::ui::MinimalSetsBySizeChart chart;
    const SearchResult result = sampleResult();
    chart.setResult(result, names);
    QList<int> expected;
    for (const MinimalSet& set : result.minimalSets) {
        while (expected.size() < set.columns.size())
            expected.append(0);
        ++expected[set.columns.size() - 1];
    }
    QCOMPARE(chart.barValues(), expected);
    QCOMPARE(chart.chart()->series().size(), 1);
    chart.resize(500, 320);
    QVERIFY(!chart.grab().isNull());
    saveScreenshot(chart, QStringLiteral("chart-sets-by-size.png"));
    chart.clear();
    QVERIFY(chart.barValues().isEmpty());
}

void ChartsTest::columnsAreRankedByDanger()
{
    qiscout::ui::ColumnDangerChart chart;
    const SearchResult result = sampleResult();
    chart.setResult(result, names);
    const auto ranking = chart.ranking();
    QCOMPARE(ranking.size(), result.searchedColumns.size());
    for (qsizetype index = 1; index < ranking.size(); ++index)
        QVERIFY(ranking[index - 1].second >= ranking[index].second);
    for (const int column : result.searchedColumns.columns()) {
        const auto count = std::count_if(result.minimalSets.begin(), result.minimalSets.end(),
                                         [column](const MinimalSet& set) { return set.columns.contains(column); });
        const auto found = std::find_if(ranking.begin(), ranking.end(),
                                        [&](const QPair<QString, int>& entry) { return entry.first == names[column]; });
        QVERIFY(found != ranking.end());
        QCOMPARE(found->second, static_cast<int>(count));
    }
    QCOMPARE(ranking.front().first, QStringLiteral("sex"));
    chart.resize(500, 320);
    QVERIFY(!chart.grab().isNull());
    saveScreenshot(chart, QStringLiteral("chart-column-danger.png"));
}

void ChartsTest::evaluationRateKeepsALiveLine()
{
    qiscout::ui::EvaluationRateChart chart;
    for (int sample = 1; sample <= 5; ++sample)
        chart.addSample(sample * 0.1, static_cast<quint64>(sample) * 1000);
    QCOMPARE(chart.sampleCount(), 5);
    QVERIFY(chart.chart()->title().contains(QStringLiteral("10,000")) ||
            chart.chart()->title().contains(QStringLiteral("10000")));
    for (int sample = 6; sample <= 5000; ++sample)
        chart.addSample(sample * 0.1, static_cast<quint64>(sample) * 1000);
    QVERIFY(chart.sampleCount() <= 2001);
    QVERIFY(chart.sampleCount() > 500);
    chart.resize(500, 320);
    saveScreenshot(chart, QStringLiteral("chart-rate.png"));
    chart.clear();
    QCOMPARE(chart.sampleCount(), 0);
}

void ChartsTest::classSizesFallInTheirBins()
{
    const std::vector<std::uint32_t> sizes{1, 1, 1, 2, 3, 5, 5, 5, 9, 40, 41, 1000, 70000};
    for (const std::uint64_t k : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{5}, std::uint64_t{50}}) {
        qiscout::ui::ClassSizeHistogramChart chart;
        chart.setClassSizes(sizes, k, QStringLiteral("{age, sex}"));
        const auto& bins = chart.bins();
        QVERIFY(!bins.empty());
        std::uint64_t counted = 0;
        for (std::size_t index = 0; index < bins.size(); ++index) {
            const auto& bin = bins[index];
            QVERIFY(bin.lowSize <= bin.highSize);
            if (index > 0)
                QCOMPARE(bin.lowSize, bins[index - 1].highSize + 1);
            // No bin mixes groups of at most k with larger ones.
            QCOMPARE(bin.atMostK, bin.highSize <= k);
            QVERIFY(bin.highSize <= k || bin.lowSize > k);
            const auto expected = std::count_if(sizes.begin(), sizes.end(), [&bin](std::uint32_t size) {
                return size >= bin.lowSize && size <= bin.highSize;
            });
            QCOMPARE(bin.classes, static_cast<std::uint64_t>(expected));
            counted += bin.classes;
        }
        QCOMPARE(counted, static_cast<std::uint64_t>(sizes.size()));
        QCOMPARE(bins.front().lowSize, std::uint64_t{1});
        QVERIFY(bins.back().highSize >= 70000);
        chart.resize(600, 320);
        QVERIFY(!chart.grab().isNull());
        saveScreenshot(chart, QStringLiteral("chart-class-sizes-k%1.png").arg(k));
    }
    qiscout::ui::ClassSizeHistogramChart empty;
    empty.setClassSizes({}, 2);
    QVERIFY(empty.bins().empty());
}

void ChartsTest::chartsFollowTheDarkPalette()
{
    qiscout::ui::MinimalSetsBySizeChart chart;
    chart.setResult(sampleResult(), names);
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeLight);
    chart.setPalette(darkPalette());
    QCOMPARE(chart.chart()->theme(), QChart::ChartThemeDark);
    QCOMPARE(chart.chart()->backgroundBrush().color(), darkPalette().color(QPalette::Base));
    chart.resize(500, 320);
    saveScreenshot(chart, QStringLiteral("chart-sets-by-size-dark.png"));
    // Series colours survive the theme switch.
    const auto* series = static_cast<QAbstractBarSeries*>(chart.chart()->series().front());
    QCOMPARE(series->barSets().front()->color(),
             qiscout::ui::stateColor(qiscout::ui::SetState::Vulnerable, darkPalette()));
}

QTEST_MAIN(ChartsTest)
#include "charts_test.moc"
