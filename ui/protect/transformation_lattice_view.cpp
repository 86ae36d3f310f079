// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/transformation_lattice_view.h"

#include <array>

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include "qiscout/core/lattice/lattice_layout.h"

#include "protect/transformation_palette.h"

namespace qiscout::ui {

namespace {

/// Rows of up to this many nodes are drawn as a Hasse diagram (as the column-set lattice does up
/// to C(12, 6) = 924 sets a row).
constexpr std::uint64_t hasseRowLimit = 924;

constexpr std::array legendStates{
    TransformationState::NotChecked,    TransformationState::Acceptable,          TransformationState::TaggedAcceptable,
    TransformationState::NotAcceptable, TransformationState::TaggedNotAcceptable, TransformationState::Choice,
    TransformationState::Best};

} // namespace

TransformationLatticeView::TransformationLatticeView(QWidget* parent) : LatticeCanvas(parent)
{
    relayout();
}

TransformationLatticeView::~TransformationLatticeView() = default;

void TransformationLatticeView::clear()
{
    m_hasLattice = false;
    m_undrawableSize.reset();
    m_chosen.reset();
    resetInteraction();
    relayout();
    update();
}

void TransformationLatticeView::showUndrawable(std::uint64_t latticeSize)
{
    clear();
    m_undrawableSize = latticeSize;
}

void TransformationLatticeView::reset(const core::TransformationLattice& lattice,
                                      const QStringList& quasiIdentifierNames)
{
    m_undrawableSize.reset();
    m_state.reset(lattice);
    m_names = quasiIdentifierNames;
    m_hasLattice = true;
    m_chosen.reset();
    resetInteraction();
    relayout();
    update();
}

void TransformationLatticeView::applyEvents(std::span<const core::TransformationEvent> events,
                                            const core::AnonymizationCounters& counters)
{
    // The state still holds an earlier lattice, whose nodes these are not.
    if (!m_hasLattice)
        return;
    m_state.apply(events);
    m_state.setBest(counters.bestNode, counters.bestNode ? std::optional<double>(counters.bestValue) : std::nullopt);
    update();
}

void TransformationLatticeView::showResult(const core::AnonymizationResult& result)
{
    if (!m_hasLattice)
        return;
    m_state.applyResult(result);
    update();
}

void TransformationLatticeView::setChosen(const std::optional<core::Transformation>& transformation)
{
    m_chosen.reset();
    if (transformation && m_hasLattice &&
        transformation->levels.size() == static_cast<std::size_t>(lattice().dimensions()))
        m_chosen = positionOfNode(lattice().nodeOf(*transformation));
    setSelectedNode(m_chosen);
}

std::uint64_t TransformationLatticeView::nodeOf(NodePosition node) const
{
    return m_state.layout().unrank(node.row, node.rank);
}

LatticeCanvas::NodePosition TransformationLatticeView::positionOfNode(std::uint64_t node) const
{
    const auto [row, rank] = m_state.layout().place(node);
    return {row, rank};
}

TransformationState TransformationLatticeView::stateOf(const core::Transformation& transformation) const
{
    return m_state.stateOf(lattice().nodeOf(transformation));
}

QPointF TransformationLatticeView::positionOf(const core::Transformation& transformation) const
{
    return centreOf(positionOfNode(lattice().nodeOf(transformation)));
}

std::optional<core::Transformation> TransformationLatticeView::transformationAt(QPoint position) const
{
    const auto node = nodeAt(position);
    if (!node)
        return std::nullopt;
    return lattice().transformationOf(nodeOf(*node));
}

int TransformationLatticeView::rowCount() const
{
    return m_hasLattice ? m_state.layout().rowCount() : 0;
}

std::uint64_t TransformationLatticeView::rowSize(int row) const
{
    return m_state.layout().rowSize(row);
}

QString TransformationLatticeView::rowLabel(int row) const
{
    return row == 0 ? tr("original") : tr("+%1").arg(row);
}

QString TransformationLatticeView::widestRowLabel() const
{
    return tr("original");
}

bool TransformationLatticeView::prefersDensity() const
{
    return m_state.layout().widestRow() > hasseRowLimit;
}

std::vector<LatticeCanvas::LegendEntry> TransformationLatticeView::legend() const
{
    const TransformationCounts counts = m_state.counts();
    std::vector<LegendEntry> entries;
    for (const TransformationState state : legendStates)
        entries.push_back({transformationColor(state, palette()), transformationStateName(state), counts.of(state)});
    return entries;
}

QString TransformationLatticeView::placeholderText() const
{
    if (m_undrawableSize)
        return tr("These columns can be coarsened in %1 ways, too many to draw or to check one by one: a search "
                  "with a time limit looks for the best it can find and says how close to the best possible it is.")
            .arg(QLocale().toString(static_cast<qulonglong>(*m_undrawableSize)));
    return tr("Press Protect to watch the possible generalisations being checked here: each box is one way to "
              "coarsen the columns, from the original table at the bottom to everything hidden at the top.");
}

QColor TransformationLatticeView::nodeColor(NodePosition node) const
{
    return transformationColor(m_state.stateOf(nodeOf(node)), palette());
}

QString TransformationLatticeView::nodeText(NodePosition node, double width, const QFontMetricsF& metrics) const
{
    const core::Transformation transformation = lattice().transformationOf(nodeOf(node));
    QStringList levels;
    for (const int level : transformation.levels)
        levels << QString::number(level);
    const QString label = levels.join(QStringLiteral("·"));
    return metrics.horizontalAdvance(label) <= width - 4.0 ? label : QString();
}

void TransformationLatticeView::appendSuccessors(NodePosition node, std::vector<std::uint64_t>& ranksAbove) const
{
    for (const std::uint64_t next : lattice().successors(nodeOf(node)))
        ranksAbove.push_back(m_state.layout().rank(next));
}

std::uint64_t TransformationLatticeView::bucketCount(int row) const
{
    return m_state.bucketCount(row);
}

QRgb TransformationLatticeView::bucketColor(int row, std::uint64_t first, std::uint64_t last) const
{
    return transformationColor(m_state.dominant(row, first, last), palette()).rgb();
}

QString TransformationLatticeView::toolTipFor(NodePosition node) const
{
    const std::uint64_t id = nodeOf(node);
    const core::Transformation transformation = lattice().transformationOf(id);
    const QLocale locale;
    QStringList levels;
    for (std::size_t q = 0; q < transformation.levels.size(); ++q)
        levels << tr("%1: level %2 of %3")
                      .arg(q < static_cast<std::size_t>(m_names.size())
                               ? m_names[static_cast<qsizetype>(q)].toHtmlEscaped()
                               : QString::number(q + 1))
                      .arg(transformation.levels[q])
                      .arg(lattice().heights()[q]);
    const NodeKnowledge knowledge = m_state.knowledgeOf(id);
    QString text = levels.join(QStringLiteral("<br>")) + QStringLiteral("<hr><b>") +
                   transformationStateName(knowledge.state) + QStringLiteral("</b>");
    if (knowledge.value)
        text += QStringLiteral("<br>") + tr("Information loss: %1").arg(locale.toString(*knowledge.value, 'g', 4));
    if (knowledge.suppressedRows) {
        // A transformation that does not protect enough suppresses nothing: its rows are what it
        // would have to withhold.
        const QString rows = locale.toString(static_cast<qulonglong>(*knowledge.suppressedRows));
        text += QStringLiteral("<br>") + (knowledge.state == TransformationState::NotAcceptable
                                              ? tr("Rows it would have to suppress: %1").arg(rows)
                                              : tr("Rows suppressed: %1").arg(rows));
    }
    if (!knowledge.value)
        text += QStringLiteral("<br>") + tr("Click to evaluate it.");
    if (isDensityMode()) {
        const std::uint64_t buckets = m_state.bucketCount(node.row);
        const std::uint64_t bucket = core::LatticeLayout::bucketOfRank(node.rank, rowSize(node.row), buckets);
        const core::RankRange ranks = core::LatticeLayout::bucketRanks(bucket, rowSize(node.row), buckets);
        if (ranks.size() > 1)
            text += QStringLiteral("<hr>") + tr("This pixel stands for %1 transformations.")
                                                 .arg(locale.toString(static_cast<qulonglong>(ranks.size())));
    }
    return text;
}

void TransformationLatticeView::hoveredChanged(std::optional<NodePosition> /*node*/) {}

void TransformationLatticeView::clicked(std::optional<NodePosition> node)
{
    if (!node) {
        // Clicking beside the nodes keeps the transformation shown.
        setSelectedNode(m_chosen);
        return;
    }
    m_chosen = node;
    Q_EMIT transformationPicked(lattice().transformationOf(nodeOf(*node)));
}

void TransformationLatticeView::paintOverlay(QPainter& painter) const
{
    // The best node keeps a ring at any zoom, where a band pixel could hide it.
    if (const auto best = m_state.bestNode())
        paintOutline(painter, positionOfNode(*best),
                     transformationColor(TransformationState::Best, palette()).darker(160), 2.0);
}

} // namespace qiscout::ui
