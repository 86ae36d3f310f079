// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>
#include <random>
#include <stop_token>
#include <vector>

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QImage>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protection_suggestion.h"
#include "qiscout/core/io/table_loader.h"

#include "protect/transformation_lattice_view.h"
#include "protect/transformation_palette.h"

using qiscout::core::AnonymizationCounters;
using qiscout::core::Transformation;
using qiscout::core::TransformationEvent;
using qiscout::core::TransformationEventKind;
using qiscout::core::TransformationLattice;
using qiscout::ui::TransformationCounts;
using qiscout::ui::TransformationLatticeView;
using qiscout::ui::TransformationState;

Q_DECLARE_METATYPE(qiscout::core::Transformation)

namespace {

/// Records every event of a search, in order, with the counters of each batch.
class RecordingObserver final : public qiscout::core::AnonymizationObserver {
public:
    void transformationsReported(std::span<const TransformationEvent> events,
                                 const AnonymizationCounters& counters) override
    {
        batches.emplace_back(std::vector<TransformationEvent>(events.begin(), events.end()), counters);
    }
    std::vector<std::pair<std::vector<TransformationEvent>, AnonymizationCounters>> batches;
};

/// The states the events imply, worked out node by node: a check decides, a tag decides only an
/// unknown node; the best node of the latest counters is Best.
struct ReferenceStates {
    std::map<std::uint64_t, TransformationState> known;
    std::optional<std::uint64_t> best;

    void apply(const TransformationEvent& event)
    {
        switch (event.kind) {
        case TransformationEventKind::Checked:
            known[event.node] = event.acceptable ? TransformationState::Acceptable : TransformationState::NotAcceptable;
            break;
        case TransformationEventKind::TaggedAcceptable:
            known.emplace(event.node, TransformationState::TaggedAcceptable);
            break;
        case TransformationEventKind::TaggedUnacceptable:
            known.emplace(event.node, TransformationState::TaggedNotAcceptable);
            break;
        }
    }

    TransformationCounts counts(std::uint64_t size) const
    {
        TransformationCounts counts;
        for (std::uint64_t node = 0; node < size; ++node) {
            TransformationState state = TransformationState::NotChecked;
            if (const auto it = known.find(node); it != known.end())
                state = it->second;
            if (best == node)
                state = TransformationState::Best;
            ++counts.nodes[static_cast<std::size_t>(state)];
        }
        return counts;
    }
};

QString describe(const TransformationCounts& counts)
{
    QStringList parts;
    for (const auto count : counts.nodes)
        parts << QString::number(count);
    return parts.join(QLatin1Char('/'));
}

qiscout::core::EncodedTable adult()
{
    return qiscout::core::loadTable(QISCOUT_SOURCE_DIR "/tests/data/tables/adult.csv");
}

void saveScreenshot(QWidget& widget, const QString& name)
{
    const QByteArray directory = qgetenv("QISCOUT_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        widget.grab().save(QString::fromLocal8Bit(directory) + QLatin1Char('/') + name);
}

} // namespace

class TransformationLatticeViewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stateCountsFollowTheSearch();
    void clickingPicksATransformation();
    void toolTipsShowWhatTheSearchPriced();
    void largestAdultLatticeRepaints();
};

void TransformationLatticeViewTest::stateCountsFollowTheSearch()
{
    const auto table = adult();
    qiscout::core::AnonymizationParameters parameters;
    // age, workclass, education, marital-status, race, sex
    for (const int column : {0, 1, 3, 5, 8, 9})
        parameters.quasiIdentifiers.push_back(
            {column, qiscout::core::automaticHierarchy(table.columns[static_cast<std::size_t>(column)]), "automatic"});
    parameters.models.push_back(std::make_shared<qiscout::core::KAnonymity>(5));
    parameters.suppressionLimit = 0.01;
    parameters.threads = 2;
    parameters.fullFrontier = true;
    RecordingObserver observer;
    const auto result = qiscout::core::runAnonymization(table, parameters, std::stop_token{}, observer);
    QVERIFY(result.optimum.has_value());
    QVERIFY(!observer.batches.empty());

    TransformationLatticeView view;
    view.resize(1000, 600);
    view.reset(result.lattice, {});
    ReferenceStates reference;
    for (const auto& [events, counters] : observer.batches) {
        view.applyEvents(events, counters);
        for (const auto& event : events)
            reference.apply(event);
        reference.best = counters.bestNode;
        QVERIFY2(view.stateCounts() == reference.counts(result.lattice.size()),
                 qPrintable(describe(view.stateCounts()) + QStringLiteral(" != ") +
                            describe(reference.counts(result.lattice.size()))));
    }
    QCOMPARE(view.stateCounts().total(), result.lattice.size());

    view.showResult(result);
    const TransformationCounts settled = view.stateCounts();
    QCOMPARE(settled.of(TransformationState::Best), std::uint64_t{1});
    QCOMPARE(view.stateOf(result.optimum->transformation), TransformationState::Best);
    const auto others = static_cast<std::uint64_t>(
        std::count_if(result.frontier->begin(), result.frontier->end(), [&result](const auto& choice) {
            return choice.transformation != result.optimum->transformation;
        }));
    QCOMPARE(settled.of(TransformationState::Choice), others);
    for (const auto& choice : *result.frontier)
        if (choice.transformation != result.optimum->transformation)
            QCOMPARE(view.stateOf(choice.transformation), TransformationState::Choice);
    // Without a non-monotone model every node ends up known.
    QCOMPARE(settled.of(TransformationState::NotChecked), std::uint64_t{0});

    const QImage image = view.grab().toImage();
    saveScreenshot(view, QStringLiteral("transformation-lattice-adult-6.png"));
    const QPointF best = view.positionOf(result.optimum->transformation);
    QVERIFY(view.rect().contains(best.toPoint()));
    QVERIFY(!image.isNull());
}

void TransformationLatticeViewTest::clickingPicksATransformation()
{
    qRegisterMetaType<Transformation>();
    TransformationLatticeView view;
    view.resize(900, 500);
    view.reset(TransformationLattice({2, 1, 3}), {QStringLiteral("age"), QStringLiteral("sex"), QStringLiteral("zip")});
    QVERIFY(!view.isDensityMode());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy picked(&view, &TransformationLatticeView::transformationPicked);
    for (const Transformation& target :
         {Transformation{{1, 0, 2}}, Transformation{{0, 0, 0}}, Transformation{{2, 1, 3}}}) {
        const QPoint position = view.positionOf(target).toPoint();
        QCOMPARE(view.transformationAt(position), std::optional<Transformation>(target));
        QTest::mouseClick(&view, Qt::LeftButton, {}, position);
        QCOMPARE(picked.last().at(0).value<Transformation>(), target);
    }
    QCOMPARE(picked.size(), 3);
    const QPoint position = view.positionOf(Transformation{{1, 0, 2}}).toPoint();
    QHelpEvent help(QEvent::ToolTip, position, view.mapToGlobal(position));
    QApplication::sendEvent(&view, &help);
    QVERIFY(QToolTip::text().contains(QStringLiteral("zip: level 2 of 3")));
    // A click beside every node picks nothing.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() - 2, view.height() - 2));
    QCOMPARE(picked.size(), 3);
}

void TransformationLatticeViewTest::toolTipsShowWhatTheSearchPriced()
{
    TransformationLatticeView view;
    view.resize(900, 500);
    const TransformationLattice lattice({2, 1, 3});
    view.reset(lattice, {QStringLiteral("age"), QStringLiteral("sex"), QStringLiteral("zip")});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const Transformation rejected{{0, 1, 0}};
    const Transformation accepted{{2, 1, 2}};
    // The optimal search sends no value for a transformation it found not acceptable.
    const std::vector<TransformationEvent> events{
        {lattice.nodeOf(rejected), TransformationEventKind::Checked, false, std::nullopt, 567},
        {lattice.nodeOf(accepted), TransformationEventKind::Checked, true, 0.25, 3}};
    view.applyEvents(events, AnonymizationCounters{});
    const auto toolTipOf = [&view](const Transformation& transformation) {
        const QPoint position = view.positionOf(transformation).toPoint();
        QHelpEvent help(QEvent::ToolTip, position, view.mapToGlobal(position));
        QApplication::sendEvent(&view, &help);
        return QToolTip::text();
    };
    const QString rejectedTip = toolTipOf(rejected);
    QVERIFY2(rejectedTip.contains(QStringLiteral("Rows it would have to suppress: 567")), qPrintable(rejectedTip));
    QVERIFY2(!rejectedTip.contains(QStringLiteral("Information loss")), qPrintable(rejectedTip));
    QVERIFY2(rejectedTip.contains(QStringLiteral("Click to evaluate it")), qPrintable(rejectedTip));
    const QString acceptedTip = toolTipOf(accepted);
    QVERIFY2(acceptedTip.contains(QStringLiteral("Information loss: 0.25")), qPrintable(acceptedTip));
    QVERIFY2(acceptedTip.contains(QStringLiteral("Rows suppressed: 3")), qPrintable(acceptedTip));
    QVERIFY2(!acceptedTip.contains(QStringLiteral("Click to evaluate it")), qPrintable(acceptedTip));
}

void TransformationLatticeViewTest::largestAdultLatticeRepaints()
{
    // The largest lattice adult.csv's columns make with their automatic hierarchies: the subset of
    // columns whose level counts multiply to the most transformations the search accepts.
    const auto table = adult();
    std::vector<int> heights;
    for (const auto& column : table.columns)
        heights.push_back(qiscout::core::withoutRedundantLevels(qiscout::core::automaticHierarchy(column)).height());
    std::uint64_t bestSize = 0;
    std::uint32_t bestPick = 0;
    for (std::uint32_t pick = 1; pick < (1U << heights.size()); ++pick) {
        std::uint64_t size = 1;
        for (std::size_t column = 0; column < heights.size() && size <= TransformationLattice::maxExactSize; ++column)
            if ((pick >> column) & 1U)
                size *= static_cast<std::uint64_t>(heights[column]) + 1;
        if (size <= TransformationLattice::maxExactSize && size > bestSize) {
            bestSize = size;
            bestPick = pick;
        }
    }
    std::vector<int> chosen;
    QStringList names;
    for (std::size_t column = 0; column < heights.size(); ++column)
        if ((bestPick >> column) & 1U) {
            chosen.push_back(heights[column]);
            names << QString::fromStdString(table.columns[column].name);
        }
    const TransformationLattice lattice(chosen);
    QVERIFY(lattice.size() > 1'000'000);

    TransformationLatticeView view;
    view.resize(1100, 640);
    view.reset(lattice, names);
    QVERIFY(view.isDensityMode());
    // A run half way: everything above the middle row tagged acceptable, the rows below it checked
    // or tagged not acceptable, a best node in the middle.
    std::vector<TransformationEvent> events;
    events.reserve(static_cast<std::size_t>(lattice.size()));
    std::mt19937 random(15);
    const int middle = lattice.maxTotalLevel() / 2;
    std::optional<std::uint64_t> best;
    for (std::uint64_t node = 0; node < lattice.size(); ++node) {
        const int row = lattice.totalLevel(node);
        if (row > middle)
            events.push_back({node, TransformationEventKind::TaggedAcceptable, true, 0.0, 0});
        else if (row < middle - 2)
            events.push_back({node, TransformationEventKind::TaggedUnacceptable, false, 0.0, 0});
        else if (random() % 4 == 0) {
            events.push_back({node, TransformationEventKind::Checked, row == middle, 0.5, 10});
            if (row == middle && !best)
                best = node;
        }
    }
    AnonymizationCounters counters;
    counters.bestNode = best;
    counters.bestValue = 0.5;
    QElapsedTimer timer;
    timer.start();
    view.applyEvents(events, counters);
    const qint64 applied = timer.elapsed();
    QCOMPARE(view.stateCounts().total(), lattice.size());

    timer.restart();
    const QImage image = view.grab().toImage();
    const qint64 firstPaint = timer.elapsed();
    std::vector<qint64> repaints;
    for (int repeat = 0; repeat < 5; ++repeat) {
        timer.restart();
        view.grab();
        repaints.push_back(timer.elapsed());
    }
    std::sort(repaints.begin(), repaints.end());
    QStringList heightText;
    for (const int height : chosen)
        heightText << QString::number(height);
    qWarning("%s", qPrintable(QStringLiteral("largest adult.csv transformation lattice (%1 transformations, %2 "
                                             "columns, heights %3): %4 events applied in %5 ms, first paint %6 ms, "
                                             "repaint median of 5 %7 ms")
                                  .arg(lattice.size())
                                  .arg(chosen.size())
                                  .arg(heightText.join(QLatin1Char(' ')))
                                  .arg(events.size())
                                  .arg(applied)
                                  .arg(firstPaint)
                                  .arg(repaints[2])));
    saveScreenshot(view, QStringLiteral("transformation-lattice-adult-largest.png"));

    // The top row is tagged acceptable, the bottom row tagged not acceptable.
    const auto colour = [&](const Transformation& transformation) {
        return image.pixelColor(view.positionOf(transformation).toPoint());
    };
    Transformation top{chosen};
    Transformation bottom{std::vector<int>(chosen.size(), 0)};
    QCOMPARE(colour(top), qiscout::ui::transformationColor(TransformationState::TaggedAcceptable, view.palette()));
    QCOMPARE(colour(bottom),
             qiscout::ui::transformationColor(TransformationState::TaggedNotAcceptable, view.palette()));
}

QTEST_MAIN(TransformationLatticeViewTest)
#include "transformation_lattice_view_test.moc"
