// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QGraphicsTextItem>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QValueAxis>

#include "charts/attribute_contribution_chart.h"
#include "charts/chart_style.h"
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

/// The texts the chart draws right now (titles, axis and bar labels), laid out at the widget's size.
QStringList visibleTexts(QWidget& widget, QChart& chart)
{
    widget.grab();
    QStringList texts;
    QList<QGraphicsItem*> pending = chart.childItems();
    while (!pending.isEmpty()) {
        QGraphicsItem* item = pending.takeLast();
        pending << item->childItems();
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            texts << text->toPlainText();
    }
    return texts;
}

/// Every visible text is whole: Qt Charts elides what does not fit with "...".
void verifyNothingElided(const QStringList& texts)
{
    for (const QString& text : texts)
        QVERIFY2(!text.contains(QChar(0x2026)) && !text.contains(QStringLiteral("...")), qPrintable(text));
}

/// The labels a value axis draws: from 0 in steps of its tick interval, in its label format.
QStringList tickLabels(const QValueAxis& axis)
{
    // The axes use "%.Nf" formats; anything else would make this test read the labels wrongly.
    const QRegularExpression fixed(QStringLiteral("^%\\.(\\d)f$"));
    const auto match = fixed.match(axis.labelFormat());
    if (!match.hasMatch())
        return {axis.labelFormat()};
    const int decimals = match.captured(1).toInt();
    QStringList labels;
    for (double value = axis.min(); value <= axis.max() + axis.tickInterval() / 2; value += axis.tickInterval())
        labels << QString::number(value, 'f', decimals);
    return labels;
}

/// A step of 1, 2 or 5 times a power of ten.
bool isRound(double step)
{
    const double decade = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double factor = step / decade;
    return std::abs(factor - 1) < 1e-6 || std::abs(factor - 2) < 1e-6 || std::abs(factor - 5) < 1e-6;
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
    void aColumnIsolatingManyRowsAloneRanksFirst();
    void emptyChartsDrawNoAxes();
    void sharesStopAtOneHundredPercent();
    void aLogScaleHistogramWarnsOfNoLogarithmOfZero();
    void evaluationRateKeepsALiveLine();
    void classSizesFallInTheirBins();
    void wildcardClassSizesSayTheGroupsOverlap();
    void chartsFollowTheDarkPalette();
    void columnNamesAreNeverElided();
    void everyShareBarIsNamed();
    void groupsOfAtMostKAreHighlightedAndLabelled();
    void axesTickAtDistinctRoundNumbers();
    void clearingAChartLeavesNoAxisBehind();
};

void ChartsTest::minimalSetsAreCountedBySize()
{
    qiscout::ui::MinimalSetsBySizeChart chart;
    const SearchResult result = sampleResult();
    chart.setResult(result);
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
    const auto& ranking = chart.ranking();
    QCOMPARE(ranking.size(), result.searchedColumns.size());
    for (qsizetype index = 1; index < ranking.size(); ++index)
        QVERIFY(ranking[index - 1].rowsIsolated >= ranking[index].rowsIsolated);
    for (const int column : result.searchedColumns.columns()) {
        std::uint64_t rows = 0;
        int count = 0;
        for (const MinimalSet& set : result.minimalSets)
            if (set.columns.contains(column)) {
                rows = std::max(rows, set.isolatedRows);
                ++count;
            }
        const auto found = std::find_if(ranking.begin(), ranking.end(),
                                        [&](const auto& entry) { return entry.name == names[column]; });
        QVERIFY(found != ranking.end());
        QCOMPARE(found->rowsIsolated, rows);
        QCOMPARE(found->quasiIdentifiers, count);
    }
    chart.resize(500, 320);
    QVERIFY(!chart.grab().isNull());
    saveScreenshot(chart, QStringLiteral("chart-column-danger.png"));
}

void ChartsTest::aColumnIsolatingManyRowsAloneRanksFirst()
{
    // #35: SEX_CODE and RACE came first (three quasi-identifiers each, few rows) while
    // LENGTH_OF_STAY alone isolated 144 rows.
    const QStringList columns{QStringLiteral("SEX_CODE"), QStringLiteral("RACE"), QStringLiteral("LENGTH_OF_STAY"),
                              QStringLiteral("AGE"), QStringLiteral("ZIP")};
    SearchResult result;
    result.searchedColumns = ColumnSet::firstN(5);
    result.minimalSets = {MinimalSet{ColumnSet::of({2}), 144, 1}, MinimalSet{ColumnSet::of({0, 1, 3}), 6, 1},
                          MinimalSet{ColumnSet::of({0, 1, 4}), 4, 1}, MinimalSet{ColumnSet::of({0, 1}), 2, 1}};
    qiscout::ui::ColumnDangerChart chart;
    chart.setResult(result, columns);
    const auto& ranking = chart.ranking();
    QCOMPARE(ranking.front().name, QStringLiteral("LENGTH_OF_STAY"));
    QCOMPARE(ranking.front().rowsIsolated, 144U);
    QCOMPARE(ranking.front().quasiIdentifiers, 1);
    QCOMPARE(ranking[1].name, QStringLiteral("SEX_CODE"));
    QCOMPARE(ranking[1].quasiIdentifiers, 3);
}

void ChartsTest::emptyChartsDrawNoAxes()
{
    // #35: empty charts drew the x-axis title at the top left, over the y axis.
    qiscout::ui::ClassSizeHistogramChart histogram;
    qiscout::ui::ColumnDangerChart danger;
    qiscout::ui::MinimalSetsBySizeChart bySize;
    for (qiscout::ui::ChartWidget* chart :
         std::initializer_list<qiscout::ui::ChartWidget*>{&histogram, &danger, &bySize}) {
        chart->resize(400, 300);
        chart->grab();
        QVERIFY2(chart->chart()->axes().isEmpty(), qPrintable(chart->caption()));
        QVERIFY(!chart->caption().isEmpty());
    }
}

void ChartsTest::sharesStopAtOneHundredPercent()
{
    // #35: the column-share chart's axis ran to 120 %.
    QChart chart;
    qiscout::ui::CountBars bars;
    bars.categories = {QStringLiteral("a"), QStringLiteral("b")};
    bars.counts = {100.0, 40.0};
    bars.valueLimit = 100.0;
    qiscout::ui::showCountBars(chart, bars);
    const auto* axis = qobject_cast<QValueAxis*>(chart.axes(Qt::Vertical).front());
    QVERIFY(axis);
    QVERIFY2(axis->max() < 120.0, qPrintable(QString::number(axis->max())));
    QVERIFY(axis->max() >= 100.0);
}

namespace {
QStringList chartWarnings;
void collectChartWarnings(QtMsgType, const QMessageLogContext&, const QString& message)
{
    chartWarnings << message;
}
} // namespace

void ChartsTest::aLogScaleHistogramWarnsOfNoLogarithmOfZero()
{
    // #35: a log count axis under stacked bars, half of them zero, printed "Logarithms of zero and
    // negative values are undefined." 28 times.
    std::vector<std::uint32_t> sizes(5000, 20);
    sizes.insert(sizes.end(), 3, 1);
    sizes.push_back(2);
    qiscout::ui::ClassSizeHistogramChart chart;
    chartWarnings.clear();
    const QtMessageHandler previous = qInstallMessageHandler(collectChartWarnings);
    chart.setClassSizes(sizes, 2, QStringLiteral("{age, sex}"));
    chart.resize(470, 330);
    chart.show();
    chart.grab();
    qInstallMessageHandler(previous);
    QVERIFY2(chartWarnings.filter(QStringLiteral("Logarithm")).isEmpty(),
             qPrintable(chartWarnings.join(QLatin1Char('\n'))));
    // The counts still span the axis: the labels read powers of ten up to the largest count.
    const QStringList texts = visibleTexts(chart, *chart.chart());
    QVERIFY2(texts.contains(QStringLiteral("1")) && texts.contains(QStringLiteral("1000")),
             qPrintable(texts.join(QLatin1Char('|'))));
    saveScreenshot(chart, QStringLiteral("chart-group-sizes-log.png"));
}

void ChartsTest::evaluationRateKeepsALiveLine()
{
    qiscout::ui::EvaluationRateChart chart;
    for (int sample = 1; sample <= 5; ++sample)
        chart.addSample(sample * 0.1, static_cast<quint64>(sample) * 1000);
    QCOMPARE(chart.sampleCount(), 5);
    QVERIFY(chart.caption().contains(QStringLiteral("10,000")) || chart.caption().contains(QStringLiteral("10000")));
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

void ChartsTest::wildcardClassSizesSayTheGroupsOverlap()
{
    // #17: after a wildcard search a group's size counts everyone matching it; the chart says so
    // and names its axes after combinations of values, not disjoint groups.
    const std::vector<std::uint32_t> sizes{2, 3, 3, 7, 12};
    qiscout::ui::ClassSizeHistogramChart chart;
    chart.setClassSizes(sizes, 3, QStringLiteral("{age, sex}"), qiscout::core::MissingSemantics::Wildcard);
    QVERIFY(chart.caption().contains(QStringLiteral("a missing cell matches any value")));
    QVERIFY(chart.caption().contains(QStringLiteral("{age, sex}")));
    QStringList titles;
    for (const QAbstractAxis* axis : chart.chart()->axes())
        titles << axis->titleText();
    QVERIFY(titles.contains(QStringLiteral("People matching the combination")));
    QVERIFY(titles.contains(QStringLiteral("Combinations")));
    chart.resize(600, 320);
    saveScreenshot(chart, QStringLiteral("chart-class-sizes-wildcard.png"));

    chart.setClassSizes(sizes, 3, QStringLiteral("{age, sex}"), qiscout::core::MissingSemantics::Value);
    QVERIFY(!chart.caption().contains(QStringLiteral("missing")));
    titles.clear();
    for (const QAbstractAxis* axis : chart.chart()->axes())
        titles << axis->titleText();
    QVERIFY(titles.contains(QStringLiteral("People in the group")));
    QVERIFY(titles.contains(QStringLiteral("Groups")));
}

void ChartsTest::chartsFollowTheDarkPalette()
{
    qiscout::ui::MinimalSetsBySizeChart chart;
    chart.setResult(sampleResult());
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

void ChartsTest::columnNamesAreNeverElided()
{
    // #14: at the dock's default size every column name on the axis used to read "…".
    const QStringList adultNames{
        QStringLiteral("age"),        QStringLiteral("workclass"),     QStringLiteral("fnlwgt"),
        QStringLiteral("education"),  QStringLiteral("education-num"), QStringLiteral("marital-status"),
        QStringLiteral("occupation"), QStringLiteral("relationship"),  QStringLiteral("native-country")};
    SearchResult result;
    result.searchedColumns = ColumnSet::firstN(static_cast<int>(adultNames.size()));
    for (int column = 0; column < adultNames.size(); ++column)
        result.minimalSets.push_back(MinimalSet{ColumnSet::of({column, (column + 1) % 9}), 2, 1});
    qiscout::ui::ColumnDangerChart chart;
    chart.setResult(result, adultNames);
    chart.resize(470, 330);
    const QStringList texts = visibleTexts(chart, *chart.chart());
    verifyNothingElided(texts);
    for (const QString& name : adultNames)
        QVERIFY2(texts.contains(name), qPrintable(name));
    saveScreenshot(chart, QStringLiteral("chart-column-danger-adult.png"));
}

void ChartsTest::everyShareBarIsNamed()
{
    // #35: sixteen key columns in a 260-pixel chart showed every other name, not the largest's.
    QStringList names;
    qiscout::core::RiskAssessment assessment;
    for (int column = 0; column < 16; ++column) {
        names << QStringLiteral("LONG_COLUMN_NAME_%1").arg(column);
        assessment.keyColumns.push_back(column);
        assessment.suda.attributeContributions.push_back(column == 5 ? 40.0 : 4.0);
    }
    for (const QSize size : {QSize(500, 260), QSize(600, 700)}) {
        qiscout::ui::AttributeContributionChart chart;
        chart.resize(size);
        chart.setAssessment(assessment, names);
        const QStringList texts = visibleTexts(chart, *chart.chart());
        auto* axis = qobject_cast<QBarCategoryAxis*>(chart.chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        for (const QString& category : axis->categories())
            QVERIFY2(texts.contains(category), qPrintable(category));
        QVERIFY(texts.contains(QStringLiteral("LONG_COLUMN_NAME_5")));
        if (size.height() < 300)
            QVERIFY(axis->count() < 16);
        else
            QCOMPARE(axis->count(), 16);
    }
}

void ChartsTest::groupsOfAtMostKAreHighlightedAndLabelled()
{
    // #14: every bar used to be green, and a narrow dock lost the last label and the axis title.
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t size = 1; size <= 12; ++size)
        sizes.insert(sizes.end(), 13 - size, size);
    sizes.push_back(300);
    const std::uint64_t k = 5;
    for (const QSize size : {QSize(470, 330), QSize(330, 300)}) {
        qiscout::ui::ClassSizeHistogramChart chart;
        chart.setClassSizes(sizes, k, QStringLiteral("{age, sex}"));
        const auto* series = static_cast<const QAbstractBarSeries*>(chart.chart()->series().front());
        QCOMPARE(series->barSets().size(), 2);
        QBarSet* atRisk = series->barSets().at(0);
        QBarSet* safe = series->barSets().at(1);
        QCOMPARE(atRisk->color(), qiscout::ui::stateColor(qiscout::ui::SetState::Vulnerable, chart.palette()));
        QCOMPARE(safe->color(), qiscout::ui::stateColor(qiscout::ui::SetState::Safe, chart.palette()));
        const auto& bins = chart.bins();
        QCOMPARE(atRisk->count(), static_cast<int>(bins.size()));
        for (std::size_t index = 0; index < bins.size(); ++index) {
            const auto at = static_cast<int>(index);
            const auto classes = static_cast<double>(bins[index].classes);
            QCOMPARE(atRisk->at(at), bins[index].highSize <= k ? classes : 0.0);
            QCOMPARE(safe->at(at), bins[index].highSize <= k ? 0.0 : classes);
        }
        chart.resize(size);
        const QStringList texts = visibleTexts(chart, *chart.chart());
        verifyNothingElided(texts);
        auto* sizeAxis = qobject_cast<QBarCategoryAxis*>(chart.chart()->axes(Qt::Horizontal).front());
        QVERIFY(sizeAxis);
        QCOMPARE(sizeAxis->count(), static_cast<int>(bins.size()));
        QCOMPARE(sizeAxis->categories().back(), QStringLiteral("96–300"));
        for (const QString& category : sizeAxis->categories())
            QVERIFY2(texts.contains(category),
                     qPrintable(category + QStringLiteral(" in ") + texts.join(QLatin1Char('|'))));
        QVERIFY(texts.contains(QStringLiteral("People in the group")));
        saveScreenshot(chart, QStringLiteral("chart-class-sizes-%1.png").arg(size.width()));
    }
}

void ChartsTest::axesTickAtDistinctRoundNumbers()
{
    // #14: the progress chart read "0 0 0 1 1 1" and the size chart ticked at 0, 47, 94.
    for (const double maximum : {0.003, 0.04, 0.4, 1.0, 2.7, 9.0, 59.0, 94.0, 105.0, 1234.0, 4.2e6}) {
        for (const double smallest : {0.01, 1.0}) {
            QValueAxis axis;
            qiscout::ui::setRoundRange(axis, std::max(maximum, smallest), smallest);
            QVERIFY(axis.max() >= maximum);
            QVERIFY(isRound(axis.tickInterval()));
            QVERIFY(axis.tickInterval() >= smallest);
            const QStringList labels = tickLabels(axis);
            QVERIFY2(labels.size() >= 2 && labels.size() <= 7, qPrintable(labels.join(QLatin1Char(' '))));
            QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        }
    }
    qiscout::ui::MinimalSetsBySizeChart chart;
    SearchResult result;
    result.searchedColumns = ColumnSet::firstN(20);
    for (int first = 0; first < 19; ++first)
        for (int second = first + 1; second < 20 && result.minimalSets.size() < 94; ++second)
            result.minimalSets.push_back(MinimalSet{ColumnSet::of({first, second}), 1, 1});
    chart.setResult(result);
    const auto axes = chart.chart()->axes(Qt::Vertical);
    QCOMPARE(axes.size(), 1);
    const auto* countAxis = qobject_cast<const QValueAxis*>(axes.front());
    QVERIFY(countAxis);
    QVERIFY(isRound(countAxis->tickInterval()));
    QVERIFY(countAxis->max() >= 94);
}

void ChartsTest::clearingAChartLeavesNoAxisBehind()
{
    // #12: axes taken off a chart were never deleted (LeakSanitizer in the asan-ubsan preset).
    qiscout::ui::MinimalSetsBySizeChart chart;
    chart.setResult(sampleResult());
    QList<QPointer<QAbstractAxis>> axes;
    for (QAbstractAxis* axis : chart.chart()->axes())
        axes << axis;
    QVERIFY(!axes.isEmpty());
    chart.clear();
    for (const auto& axis : axes)
        QVERIFY(axis.isNull());
}

QTEST_MAIN(ChartsTest)
#include "charts_test.moc"
