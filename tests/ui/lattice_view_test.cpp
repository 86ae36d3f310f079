// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <random>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/encoded_table.h"

#include "engines/brute_force_engine.h"
#include "lattice/lattice_palette.h"
#include "lattice/lattice_view.h"
#include "support/column_masks.h"

using qiscout::core::ColumnSet;
using qiscout::core::NodeEvent;
using qiscout::core::NodeEventKind;
using qiscout::core::SearchResult;
using qiscout::ui::LatticeCounts;
using qiscout::ui::LatticeView;
using qiscout::ui::SetState;

Q_DECLARE_METATYPE(qiscout::core::ColumnSet)

namespace {

/// Records every event of a search, in order.
class RecordingObserver final : public qiscout::core::SearchObserver {
public:
    void eventsReported(std::span<const NodeEvent> events, const qiscout::core::SearchCounters&) override
    {
        recorded.insert(recorded.end(), events.begin(), events.end());
    }
    std::vector<NodeEvent> recorded;
};

/// A reproducible table with a mix of short and long quasi-identifiers.
qiscout::core::EncodedTable randomTable(int columns, int rows, unsigned seed)
{
    std::mt19937 random(seed);
    std::vector<std::string> names;
    for (int column = 0; column < columns; ++column)
        names.push_back("c" + std::to_string(column));
    std::vector<std::vector<std::string>> cells(static_cast<std::size_t>(rows));
    for (auto& row : cells)
        for (int column = 0; column < columns; ++column)
            row.push_back(std::to_string(random() % static_cast<unsigned>(2 + column % 4)));
    return qiscout::core::encodeRows(names, cells);
}

/// The states the events imply, worked out independently by enumerating the lattice: a reported
/// minimal set is Vulnerable; a set properly containing a Vulnerable or Pruned event's set is
/// Pruned; then Safe, then scheduled without verdict = InProgress; the rest is unreached (Safe
/// once a complete result arrived).
struct ReferenceStates {
    std::set<std::uint64_t> scheduled, safe, vulnerable;
    std::vector<ColumnSet> roots;
    bool complete = false;

    void apply(const NodeEvent& event)
    {
        switch (event.kind) {
        case NodeEventKind::Scheduled:
            scheduled.insert(qiscout::core::testing::maskOf(event.set));
            break;
        case NodeEventKind::Safe:
            safe.insert(qiscout::core::testing::maskOf(event.set));
            break;
        case NodeEventKind::Vulnerable:
            vulnerable.insert(qiscout::core::testing::maskOf(event.set));
            roots.push_back(event.set);
            break;
        case NodeEventKind::Pruned:
            roots.push_back(event.set);
            break;
        }
    }

    SetState of(ColumnSet set) const
    {
        if (vulnerable.contains(qiscout::core::testing::maskOf(set)))
            return SetState::Vulnerable;
        if (std::any_of(roots.begin(), roots.end(),
                        [set](ColumnSet root) { return root != set && root.isSubsetOf(set); }))
            return SetState::Pruned;
        if (safe.contains(qiscout::core::testing::maskOf(set)))
            return SetState::Safe;
        if (scheduled.contains(qiscout::core::testing::maskOf(set)) && !complete)
            return SetState::InProgress;
        return complete ? SetState::Safe : SetState::Unreached;
    }

    LatticeCounts counts(ColumnSet searched, int maxSize) const
    {
        LatticeCounts counts;
        const std::vector<int> positions = searched.columns();
        for (std::uint64_t pick = 1; pick < (std::uint64_t{1} << positions.size()); ++pick) {
            if (std::popcount(pick) > maxSize)
                continue;
            ColumnSet set;
            for (std::size_t bit = 0; bit < positions.size(); ++bit)
                if ((pick >> bit) & 1U)
                    set = set.with(positions[bit]);
            ++counts.sets[static_cast<std::size_t>(of(set))];
        }
        return counts;
    }
};

QString describe(const LatticeCounts& counts)
{
    QStringList parts;
    for (const auto count : counts.sets)
        parts << QString::number(count);
    return parts.join(QLatin1Char('/'));
}

/// Share of the pixels in a rectangle that have (nearly) the given colour.
double shareOfColor(const QImage& image, const QRect& area, const QColor& color)
{
    int matching = 0;
    int total = 0;
    for (int y = std::max(0, area.top()); y <= std::min(image.height() - 1, area.bottom()); ++y)
        for (int x = std::max(0, area.left()); x <= std::min(image.width() - 1, area.right()); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            ++total;
            if (std::abs(pixel.red() - color.red()) + std::abs(pixel.green() - color.green()) +
                    std::abs(pixel.blue() - color.blue()) <=
                12)
                ++matching;
        }
    return total == 0 ? 0.0 : static_cast<double>(matching) / total;
}

QStringList columnNames(int count)
{
    QStringList names;
    for (int column = 0; column < count; ++column)
        names << QStringLiteral("column%1").arg(column);
    return names;
}

void saveScreenshot(QWidget& widget, const QString& name)
{
    // Screenshots for a human to look at; only when asked for.
    const QByteArray directory = qgetenv("QISCOUT_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        widget.grab().save(QString::fromLocal8Bit(directory) + QLatin1Char('/') + name);
}

} // namespace

class LatticeViewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stateCountsMatchEngineEvents_data();
    void stateCountsMatchEngineEvents();
    void hasseNodesShowTheirStateColours();
    void hasseDiagramSettlesTheAdultSample();
    void clickingSelectsAndHoverReports();
    void densityBandsRenderTwentyTwoColumns();
    void countersNeverExceedTheLattice_data();
    void countersNeverExceedTheLattice();
    void differentSetsNeverShareALabel();
    void legendCountsStayWholeInANarrowView();
};

void LatticeViewTest::stateCountsMatchEngineEvents_data()
{
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("maxSetSize");
    QTest::addColumn<int>("k");
    using qiscout::core::Algorithm;
    const auto row = [](const char* name, Algorithm algorithm, int maxSetSize, int k) {
        QTest::newRow(name) << static_cast<int>(algorithm) << maxSetSize << k;
    };
    row("brute force", Algorithm::Brute, 0, 2);
    row("fpvi", Algorithm::Fpvi, 0, 2);
    row("fpvi, at most 3 columns", Algorithm::Fpvi, 3, 2);
    row("border", Algorithm::Border, 0, 2);
    row("border, at most 3 columns", Algorithm::Border, 3, 2);
    row("border, k = 1", Algorithm::Border, 0, 1);
    row("mtui", Algorithm::Mtui, 0, 2);
    row("suda2", Algorithm::Suda2, 0, 1);
    row("suda2, at most 3 columns", Algorithm::Suda2, 3, 1);
}

void LatticeViewTest::stateCountsMatchEngineEvents()
{
    QFETCH(int, algorithm);
    QFETCH(int, maxSetSize);
    QFETCH(int, k);
    const auto table = randomTable(9, 160, 7);
    qiscout::core::SearchParameters parameters;
    parameters.k = static_cast<std::uint64_t>(k);
    parameters.threads = 2;
    parameters.columns = ColumnSet::of({0, 1, 2, 3, 5, 6, 7, 8}); // a gap: layout ranks only searched columns
    if (maxSetSize > 0)
        parameters.maxSetSize = maxSetSize;
    RecordingObserver observer;
    const SearchResult result = qiscout::core::runSearch(
        table, parameters, static_cast<qiscout::core::Algorithm>(algorithm), std::stop_token{}, observer);
    QVERIFY(!result.minimalSets.empty());
    QVERIFY(!observer.recorded.empty());

    const int levels = maxSetSize > 0 ? maxSetSize : 8;
    LatticeView view;
    view.reset(*parameters.columns, columnNames(9), levels);
    ReferenceStates reference;
    const std::span<const NodeEvent> all(observer.recorded);
    for (std::size_t start = 0; start < all.size(); start += 13) {
        const auto batch = all.subspan(start, std::min<std::size_t>(13, all.size() - start));
        view.applyEvents(batch);
        for (const NodeEvent& event : batch)
            reference.apply(event);
        const LatticeCounts expected = reference.counts(*parameters.columns, levels);
        QVERIFY2(view.stateCounts() == expected,
                 qPrintable(describe(view.stateCounts()) + QStringLiteral(" != ") + describe(expected)));
    }

    // What a finished run implies on its own: every minimal set reported, every set either
    // evaluated safe, a minimal set, or a superset of one.
    const LatticeCounts afterEvents = view.stateCounts();
    const auto safeEvents =
        static_cast<std::uint64_t>(std::count_if(all.begin(), all.end(), [levels](const NodeEvent& event) {
            return event.kind == NodeEventKind::Safe && event.set.size() <= levels;
        }));
    QCOMPARE(afterEvents.of(SetState::Vulnerable), static_cast<std::uint64_t>(result.minimalSets.size()));
    QCOMPARE(afterEvents.of(SetState::InProgress), std::uint64_t{0});
    // The border search and SUDA2 settle most safe sets without an event of their own.
    if (algorithm != static_cast<int>(qiscout::core::Algorithm::Border) &&
        algorithm != static_cast<int>(qiscout::core::Algorithm::Suda2)) {
        QCOMPARE(afterEvents.of(SetState::Safe), safeEvents);
        QCOMPARE(afterEvents.of(SetState::Unreached), std::uint64_t{0});
    }

    view.showResult(result);
    reference.complete = true;
    for (const auto& minimal : result.minimalSets)
        reference.apply(NodeEvent{minimal.columns, NodeEventKind::Vulnerable, 0, 0});
    QCOMPARE(view.stateCounts(), reference.counts(*parameters.columns, levels));
    for (const auto& minimal : result.minimalSets) {
        QCOMPARE(view.stateOf(minimal.columns), SetState::Vulnerable);
        for (const int column : parameters.columns->minus(minimal.columns).columns())
            if (minimal.columns.size() < levels)
                QCOMPARE(view.stateOf(minimal.columns.with(column)), SetState::Pruned);
    }
    for (const auto& safe : result.maximalSafeSets)
        QCOMPARE(view.stateOf(safe.columns), SetState::Safe);
}

void LatticeViewTest::hasseNodesShowTheirStateColours()
{
    LatticeView view;
    view.resize(1000, 560);
    const QStringList names{QStringLiteral("age"),     QStringLiteral("workclass"),  QStringLiteral("education"),
                            QStringLiteral("marital"), QStringLiteral("occupation"), QStringLiteral("race"),
                            QStringLiteral("sex"),     QStringLiteral("country")};
    view.reset(ColumnSet::firstN(8), names, 8);
    QVERIFY(!view.isDensityMode());
    const std::vector<NodeEvent> events{
        {ColumnSet::of({0}), NodeEventKind::Scheduled, 0, 0},
        {ColumnSet::of({0}), NodeEventKind::Safe, 0, 0},
        {ColumnSet::of({1}), NodeEventKind::Scheduled, 0, 0},
        {ColumnSet::of({1}), NodeEventKind::Safe, 0, 0},
        {ColumnSet::of({2}), NodeEventKind::Scheduled, 0, 0},
        {ColumnSet::of({0, 1}), NodeEventKind::Scheduled, 0, 0},
        {ColumnSet::of({0, 1}), NodeEventKind::Vulnerable, 3, 0},
        {ColumnSet::of({0, 1}), NodeEventKind::Pruned, 0, 63},
    };
    view.applyEvents(events);
    QCOMPARE(view.stateOf(ColumnSet::of({0})), SetState::Safe);
    QCOMPARE(view.stateOf(ColumnSet::of({2})), SetState::InProgress);
    QCOMPARE(view.stateOf(ColumnSet::of({0, 1})), SetState::Vulnerable);
    QCOMPARE(view.stateOf(ColumnSet::of({0, 1, 5})), SetState::Pruned);
    QCOMPARE(view.stateOf(ColumnSet::of({3, 4})), SetState::Unreached);
    QCOMPARE(view.stateCounts().of(SetState::Pruned), std::uint64_t{63});

    const QImage image = view.grab().toImage();
    saveScreenshot(view, QStringLiteral("lattice-hasse-8.png"));
    const std::vector<std::pair<ColumnSet, SetState>> nodes{
        {ColumnSet::of({0}), SetState::Safe},          {ColumnSet::of({2}), SetState::InProgress},
        {ColumnSet::of({0, 1}), SetState::Vulnerable}, {ColumnSet::of({0, 1, 5}), SetState::Pruned},
        {ColumnSet::of({3, 4}), SetState::Unreached},  {ColumnSet::of({0, 1, 2, 3, 4, 5, 6, 7}), SetState::Pruned},
    };
    for (const auto& [set, state] : nodes) {
        const QPointF centre = view.positionOf(set);
        // Above the centre, clear of the node's label.
        const QRect box(static_cast<int>(centre.x()) - 1, static_cast<int>(centre.y()) - 9, 3, 3);
        const QColor expected = qiscout::ui::stateColor(state, view.palette());
        QVERIFY2(shareOfColor(image, box, expected) > 0.3,
                 qPrintable(
                     QStringLiteral("node %1 not drawn in its state colour").arg(qiscout::core::testing::maskOf(set))));
        for (const SetState other : {SetState::Safe, SetState::Vulnerable, SetState::Pruned})
            if (other != state)
                QVERIFY(shareOfColor(image, box, qiscout::ui::stateColor(other, view.palette())) < 0.05);
    }
}

void LatticeViewTest::hasseDiagramSettlesTheAdultSample()
{
    const auto table = qiscout::core::loadTable(QISCOUT_SOURCE_DIR "/resources/samples/adult.csv");
    // age, workclass, education, marital-status, occupation, race, sex, native-country
    const ColumnSet searched = ColumnSet::of({0, 1, 3, 5, 6, 8, 9, 13});
    qiscout::core::SearchParameters parameters;
    parameters.k = 3;
    parameters.threads = 2;
    parameters.columns = searched;
    RecordingObserver observer;
    const SearchResult result =
        qiscout::core::runSearch(table, parameters, qiscout::core::Algorithm::Fpvi, std::stop_token{}, observer);
    QStringList names;
    for (const auto& column : table.columns)
        names << QString::fromStdString(column.name);

    LatticeView view;
    view.resize(1000, 560);
    view.reset(searched, names, 8);
    view.applyEvents(observer.recorded);
    const LatticeCounts counts = view.stateCounts();
    QCOMPARE(counts.of(SetState::Vulnerable), static_cast<std::uint64_t>(result.minimalSets.size()));
    QCOMPARE(counts.of(SetState::Unreached), std::uint64_t{0});
    QCOMPARE(counts.total(), std::uint64_t{255});
    view.showResult(result);
    QCOMPARE(view.stateCounts(), counts);
    // #35: the drawing says what its colours mean, and names the quasi-identifiers that single out
    // the most rows, whatever their boxes' size.
    QVERIFY(!view.legendSentenceRect().isEmpty());
    const auto& named = view.namedOnDrawing();
    QVERIFY(!named.empty() && named.size() <= 5);
    std::uint64_t most = 0;
    for (const auto& set : result.minimalSets)
        most = std::max(most, set.isolatedRows);
    QCOMPARE(named.front().isolatedRows, most);
    for (std::size_t index = 1; index < named.size(); ++index)
        QVERIFY(named[index - 1].isolatedRows >= named[index].isolatedRows);
    saveScreenshot(view, QStringLiteral("lattice-adult-8.png"));
}

void LatticeViewTest::clickingSelectsAndHoverReports()
{
    qRegisterMetaType<ColumnSet>();
    LatticeView view;
    view.resize(900, 500);
    view.reset(ColumnSet::firstN(5), columnNames(5), 5);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy selected(&view, &LatticeView::setSelected);
    QSignalSpy hovered(&view, &LatticeView::setHovered);

    const ColumnSet target = ColumnSet::of({1, 3});
    const QPoint position = view.positionOf(target).toPoint();
    QCOMPARE(view.setAt(position), target);
    QTest::mouseMove(&view, position);
    QTRY_VERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).value<ColumnSet>(), target);
    QTest::mouseClick(&view, Qt::LeftButton, {}, position);
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.last().at(0).value<ColumnSet>(), target);
    QCOMPARE(view.selectedSet(), target);

    QHelpEvent help(QEvent::ToolTip, position, view.mapToGlobal(position));
    QApplication::sendEvent(&view, &help);
    QVERIFY(QToolTip::text().contains(QStringLiteral("column1, column3")));

    // Empty space far from any node selects nothing.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() - 2, view.height() - 2));
    QCOMPARE(selected.size(), 2);
    QVERIFY(selected.last().at(0).value<ColumnSet>().empty());

    QWheelEvent wheel(QPointF(position), QPointF(view.mapToGlobal(position)), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QVERIFY(view.zoom() > 1.0);
    // Zooming keeps the set under the pointer in place.
    QVERIFY(std::abs(view.positionOf(target).x() - position.x()) < 2.0);
}

void LatticeViewTest::densityBandsRenderTwentyTwoColumns()
{
    constexpr int columns = 22;
    LatticeView view;
    view.resize(1100, 640);
    view.reset(ColumnSet::firstN(columns), columnNames(columns), columns);
    QVERIFY(view.isDensityMode());

    // A run in progress: levels 1 and 2 evaluated, one single column and two pairs identifying,
    // a few sets of level 3 being checked.
    std::vector<NodeEvent> events;
    ReferenceStates reference;
    const std::set<std::uint64_t> minimal{qiscout::core::testing::maskOf(ColumnSet::of({0})),
                                          qiscout::core::testing::maskOf(ColumnSet::of({3, 9})),
                                          qiscout::core::testing::maskOf(ColumnSet::of({17, 21}))};
    for (int a = 0; a < columns; ++a)
        for (int b = a; b < columns; ++b) {
            const ColumnSet set = ColumnSet::of({a, b});
            if (a != b && (set.contains(0) || set.size() != 2))
                continue;
            if (a != b && std::any_of(minimal.begin(), minimal.end(), [set](std::uint64_t mask) {
                    return qiscout::core::testing::setOfMask(mask) != set &&
                           qiscout::core::testing::setOfMask(mask).isSubsetOf(set);
                }))
                continue;
            events.push_back({set, NodeEventKind::Scheduled, 0, 0});
            events.push_back({set,
                              minimal.contains(qiscout::core::testing::maskOf(set)) ? NodeEventKind::Vulnerable
                                                                                    : NodeEventKind::Safe,
                              0, 0});
        }
    for (int c = 4; c < 10; ++c)
        events.push_back({ColumnSet::of({1, 2, c}), NodeEventKind::Scheduled, 0, 0});
    for (std::size_t start = 0; start < events.size(); start += 50) {
        const auto batch =
            std::span<const NodeEvent>(events).subspan(start, std::min<std::size_t>(50, events.size() - start));
        view.applyEvents(batch);
    }
    for (const NodeEvent& event : events)
        reference.apply(event);
    QCOMPARE(view.stateCounts(), reference.counts(ColumnSet::firstN(columns), columns));
    QCOMPARE(view.stateCounts().total(), (std::uint64_t{1} << columns) - 1);

    QElapsedTimer timer;
    timer.start();
    const QImage image = view.grab().toImage();
    const qint64 firstPaint = timer.elapsed();
    timer.restart();
    view.grab();
    const qint64 secondPaint = timer.elapsed();
    qWarning("%s",
             qPrintable(QStringLiteral("22-column density view (4,194,303 sets): first paint %1 ms, repaint %2 ms")
                            .arg(firstPaint)
                            .arg(secondPaint)));
    saveScreenshot(view, QStringLiteral("lattice-density-22.png"));

    const QPalette& palette = view.palette();
    const auto pixelAt = [&image](QPointF point) { return image.pixelColor(point.toPoint()); };
    QCOMPARE(pixelAt(view.positionOf(ColumnSet::of({5}))), qiscout::ui::stateColor(SetState::Safe, palette));
    QCOMPARE(pixelAt(view.positionOf(ColumnSet::of({0}))), qiscout::ui::stateColor(SetState::Vulnerable, palette));
    // Level 11 in lexicographic order: sets with column 0 (all pruned) fill the first half.
    const QPointF left = view.positionOf(ColumnSet::firstN(11));
    // Level 4 around {5, 6, 7, 12}: every set within a pixel's reach is {5, 6, 7, x}, none pruned.
    const QPointF clear = view.positionOf(ColumnSet::of({5, 6, 7, 12}));
    QCOMPARE(image.pixelColor(static_cast<int>(left.x() + 200), static_cast<int>(left.y())),
             qiscout::ui::stateColor(SetState::Pruned, palette));
    QCOMPARE(pixelAt(clear), qiscout::ui::stateColor(SetState::Unreached, palette));

    // Deep zoom still draws, and the pointer finds the set under it.
    view.setZoom(500.0);
    QVERIFY(view.zoom() > 100.0);
    QVERIFY(!view.grab().isNull());
    const QPoint middle(view.width() / 2, static_cast<int>(view.positionOf(ColumnSet::firstN(4)).y()));
    const ColumnSet found = view.setAt(middle);
    QCOMPARE(found.size(), 4);
    QCOMPARE(view.setAt(view.positionOf(found).toPoint()), found);
    // At this zoom one set of level 4 is about 70 pixels wide.
    QVERIFY(std::abs(view.positionOf(found).x() - middle.x()) < 80.0);
}

void LatticeViewTest::countersNeverExceedTheLattice_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("maxSetSize");
    for (const char* file : {"adult.csv", "free1.csv", "sd2011.csv", "mushroom.csv"})
        for (const int k : {1, 5})
            for (const int maxSetSize : {0, 3})
                QTest::addRow("%s, k = %d, at most %d", file, k, maxSetSize)
                    << QString::fromLatin1(file) << k << maxSetSize;
}

void LatticeViewTest::countersNeverExceedTheLattice()
{
    // #14: the legend once read "Not checked yet 18,446,744,07...": an unsigned count below zero.
    QFETCH(QString, file);
    QFETCH(int, k);
    QFETCH(int, maxSetSize);
    const auto table =
        qiscout::core::loadTable(QStringLiteral(QISCOUT_TEST_TABLES_DIR "/%1").arg(file).toStdString(), {});
    qiscout::core::SearchParameters parameters;
    parameters.k = static_cast<std::uint64_t>(k);
    parameters.threads = 2;
    if (maxSetSize > 0)
        parameters.maxSetSize = maxSetSize;
    RecordingObserver observer;
    const SearchResult result =
        qiscout::core::runSearch(table, parameters, qiscout::core::Algorithm::Auto, std::stop_token{}, observer);
    const auto columns = static_cast<int>(table.columnCount());
    LatticeView view;
    view.reset(result.searchedColumns, columnNames(columns), maxSetSize > 0 ? maxSetSize : columns);
    const std::uint64_t total = view.stateCounts().total();
    QVERIFY(total > 0);
    const auto check = [&view, total] {
        const LatticeCounts counts = view.stateCounts();
        for (const auto count : counts.sets)
            QVERIFY2(count <= total, qPrintable(describe(counts)));
        QCOMPARE(counts.total(), total);
    };
    constexpr std::size_t batch = 29;
    const std::span<const NodeEvent> all(observer.recorded);
    for (std::size_t start = 0; start < all.size(); start += batch) {
        view.applyEvents(all.subspan(start, std::min(batch, all.size() - start)));
        check();
    }
    view.showResult(result);
    check();
    QCOMPARE(view.stateCounts().of(SetState::Vulnerable), static_cast<std::uint64_t>(result.minimalSets.size()));
}

void LatticeViewTest::differentSetsNeverShareALabel()
{
    // #14 point 14: in a small window columns sharing their first letters all read "PG".
    qiscout::ui::LatticeView view;
    const QStringList names{QStringLiteral("PGA_income"), QStringLiteral("PGB_income"), QStringLiteral("PGC"),
                            QStringLiteral("age"), QStringLiteral("Agency")};
    const ColumnSet searched = ColumnSet::firstN(5);
    view.reset(searched, names, 5);
    const QFontMetricsF metrics(view.font());
    for (double width = 8.0; width <= 400.0; width += 2.0) {
        for (int size = 1; size <= 3; ++size) {
            std::set<QString> seen;
            for (std::uint64_t mask = 1; mask < 32; ++mask) {
                const ColumnSet set = qiscout::core::testing::setOfMask(mask);
                if (set.size() != size)
                    continue;
                const QString label = view.labelOf(set, width, metrics);
                if (label.isEmpty())
                    continue;
                QVERIFY2(metrics.horizontalAdvance(label) <= width, qPrintable(label));
                QVERIFY2(seen.insert(label.toCaseFolded()).second,
                         qPrintable(QStringLiteral("'%1' twice at width %2").arg(label).arg(width)));
            }
        }
    }
    // Wide enough, the names are whole.
    QCOMPARE(view.labelOf(ColumnSet::of({0, 3}), 1000.0, metrics), QStringLiteral("PGA_income+age"));
}

QTEST_MAIN(LatticeViewTest)
#include "lattice_view_test.moc"

void LatticeViewTest::legendCountsStayWholeInANarrowView()
{
    // #14 point 14: at 1024 x 700 the lattice is about 270 pixels wide and the legend read
    // "Contains a quasi-identifier (skipped) 32,71", its count cut at the right edge.
    const std::array states{SetState::Unreached, SetState::InProgress, SetState::Safe, SetState::Vulnerable,
                            SetState::Pruned};
    for (const int columns : {15, 40}) {
        LatticeView view;
        view.reset(ColumnSet::firstN(columns), columnNames(columns), columns);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QFontMetricsF metrics(view.font());
        for (const int width : {160, 270, 420, 1000}) {
            view.resize(width, 400);
            QTest::qWait(1);
            const auto rects = view.legendTextRects();
            QCOMPARE(rects.size(), states.size());
            const LatticeCounts counts = view.stateCounts();
            for (std::size_t index = 0; index < rects.size(); ++index) {
                const QRectF& rect = rects[index];
                QVERIFY2(rect.left() >= 0 && rect.right() <= width, qPrintable(QStringLiteral("%1 px").arg(width)));
                // The whole text, the largest count included, fits its rectangle when wrapped there.
                const QString text = qiscout::ui::stateName(states[index]) + QLatin1Char(' ') +
                                     QLocale().toString(static_cast<qulonglong>(counts.total()));
                const QRectF needed = metrics.boundingRect(QRectF(rect.left(), rect.top() + 2, rect.width(), 1e6),
                                                           Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
                QVERIFY2(needed.right() <= rect.right() + 0.5 && needed.bottom() <= rect.bottom() + 0.5,
                         qPrintable(QStringLiteral("%1 at %2 px").arg(text).arg(width)));
                for (std::size_t other = 0; other < index; ++other)
                    QVERIFY(!rect.intersects(rects[other]));
            }
        }
    }
}
