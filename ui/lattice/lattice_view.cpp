// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/lattice_view.h"

#include <algorithm>
#include <array>
#include <set>

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include "common/column_set_text.h"
#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// Lattices up to this many searched columns (4095 sets) are drawn as a Hasse diagram.
constexpr int hasseColumnLimit = 12;
/// Sets larger than this get no initials-only label: a row of letters no longer reads as columns.
constexpr qsizetype maxInitials = 3;

constexpr std::array allStates{SetState::Unreached, SetState::InProgress, SetState::Safe, SetState::Vulnerable,
                               SetState::Pruned};

/// How many of the most dangerous quasi-identifiers the drawing names.
constexpr std::size_t namedQuasiIdentifiers = 5;
/// A name on the drawing is cut to this many characters (the tooltip has the whole).
constexpr int calloutChars = 48;

/// Label lengths tried longest first: full names, two abbreviations, then initials.
constexpr std::array labelLengths{64, 6, 3, 1};

QString abbreviation(const QString& name, int length)
{
    return name.size() <= length ? name : name.left(length);
}

/// Whether every searched column still reads differently when shortened to this length: if two
/// did, two different sets would carry the same label ("PG PG PG").
bool distinctWhenShortened(const QStringList& labels, int length)
{
    std::set<QString> seen;
    for (const QString& label : labels)
        if (!seen.insert(abbreviation(label, length).toCaseFolded()).second)
            return false;
    return true;
}

} // namespace

LatticeView::LatticeView(QWidget* parent) : LatticeCanvas(parent)
{
    reset(core::ColumnSet{}, {}, 0);
}

LatticeView::~LatticeView() = default;

void LatticeView::reset(core::ColumnSet searchedColumns, const QStringList& columnNames, int maxSetSize)
{
    m_state.reset(searchedColumns, maxSetSize);
    m_columnNames = columnNames;
    m_mostDangerous.clear();
    m_labelLengths.clear();
    const QStringList searchedLabels = columnLabels(searchedColumns, columnNames);
    for (const int length : labelLengths)
        if (distinctWhenShortened(searchedLabels, length))
            m_labelLengths.push_back(length);
    resetInteraction();
    relayout();
    update();
}

void LatticeView::applyEvents(std::span<const core::NodeEvent> events)
{
    if (events.empty())
        return;
    m_state.apply(events);
    update();
}

bool LatticeView::drawsEveryLevel() const
{
    return m_state.layout().levelCount() == m_state.layout().searchedLevelCount();
}

void LatticeView::showResult(const core::SearchResult& result)
{
    m_state.applyResult(result);
    m_mostDangerous.clear();
    for (const core::MinimalSet& set : result.minimalSets)
        if (m_state.layout().contains(set.columns))
            m_mostDangerous.push_back(set);
    const auto named = std::min(m_mostDangerous.size(), namedQuasiIdentifiers);
    // Most rows first; among equals, fewer columns (easier to know) first.
    std::partial_sort(m_mostDangerous.begin(), m_mostDangerous.begin() + static_cast<std::ptrdiff_t>(named),
                      m_mostDangerous.end(), [](const core::MinimalSet& a, const core::MinimalSet& b) {
                          if (a.isolatedRows != b.isolatedRows)
                              return a.isolatedRows > b.isolatedRows;
                          return a.columns.size() < b.columns.size();
                      });
    m_mostDangerous.resize(named);
    update();
}

LatticeCounts LatticeView::stateCounts() const
{
    return m_state.counts();
}

SetState LatticeView::stateOf(core::ColumnSet set) const
{
    return m_state.stateOf(set);
}

core::ColumnSet LatticeView::setOf(std::optional<NodePosition> node) const
{
    return node ? m_state.layout().unrank(node->row + 1, node->rank) : core::ColumnSet{};
}

std::optional<LatticeCanvas::NodePosition> LatticeView::nodeOf(core::ColumnSet set) const
{
    if (!m_state.layout().contains(set))
        return std::nullopt;
    return NodePosition{set.size() - 1, m_state.layout().rank(set)};
}

core::ColumnSet LatticeView::selectedSet() const
{
    return setOf(selectedNode());
}

QPointF LatticeView::positionOf(core::ColumnSet set) const
{
    const auto node = nodeOf(set);
    return node ? centreOf(*node) : QPointF();
}

core::ColumnSet LatticeView::setAt(QPoint position) const
{
    return setOf(nodeAt(position));
}

int LatticeView::rowCount() const
{
    return m_state.layout().levelCount();
}

std::uint64_t LatticeView::rowSize(int row) const
{
    return m_state.layout().levelSize(row + 1);
}

QString LatticeView::rowLabel(int row) const
{
    return row == 0 ? tr("1 col") : tr("%1 cols").arg(row + 1);
}

QString LatticeView::widestRowLabel() const
{
    return tr("%1 cols").arg(22);
}

bool LatticeView::prefersDensity() const
{
    return m_state.layout().columnCount() > hasseColumnLimit;
}

std::vector<LatticeCanvas::LegendEntry> LatticeView::legend() const
{
    const LatticeCounts counts = m_state.counts();
    std::vector<LegendEntry> entries;
    for (const SetState state : allStates)
        entries.push_back({stateColor(state, palette()), stateName(state), counts.of(state)});
    return entries;
}

QString LatticeView::placeholderText() const
{
    return tr("Run an analysis to watch the column combinations being checked here.");
}

QString LatticeView::legendSentence() const
{
    return tr("Each box is a combination of columns, one row per number of columns. Orange-red: a "
              "quasi-identifier, on which someone is in a group of at most k people and can be singled out; "
              "purple: contains one, so it needs no check; green: safe, everyone is in a larger group. After a run "
              "the quasi-identifiers that single out the most rows are named.");
}

void LatticeView::paintOverlay(QPainter& painter) const
{
    if (m_mostDangerous.empty())
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF metrics(font());
    const QLocale locale;
    // Within the plot, where the canvas clips the overlay.
    const QRectF area = (painter.hasClipping() ? painter.clipBoundingRect() : QRectF(rect())).adjusted(2, 2, -2, -2);
    QColor fill = palette().color(QPalette::Base);
    fill.setAlphaF(0.9F);
    const QColor border = stateColor(SetState::Vulnerable, palette());
    std::vector<QRectF> placed;
    for (const core::MinimalSet& set : m_mostDangerous) {
        const auto node = nodeOf(set.columns);
        if (!node)
            continue;
        const QPointF centre = centreOf(*node);
        const QString text = metrics.elidedText(describeSet(set.columns, m_columnNames), Qt::ElideRight,
                                                metrics.averageCharWidth() * calloutChars) +
                             QStringLiteral(" · ") +
                             tr("%1 rows").arg(locale.toString(static_cast<qulonglong>(set.isolatedRows)));
        const QSizeF size(metrics.horizontalAdvance(text) + 10.0, metrics.height() + 4.0);
        // Above the box, else below it, wherever it overlaps no other name; kept inside the plot.
        const auto placedAt = [&](double top) {
            QRectF box(QPointF(centre.x() - size.width() / 2, top), size);
            box.moveLeft(std::clamp(box.left(), area.left(), std::max(area.left(), area.right() - box.width())));
            return box;
        };
        const auto fits = [&](const QRectF& box) {
            return area.contains(box) && std::none_of(placed.begin(), placed.end(),
                                                      [&box](const QRectF& other) { return other.intersects(box); });
        };
        QRectF box = placedAt(centre.y() - size.height() - 8.0);
        if (!fits(box))
            box = placedAt(centre.y() + 8.0);
        if (!fits(box))
            continue;
        placed.push_back(box);
        painter.setPen(QPen(border, 1.0));
        painter.drawLine(centre, QPointF(std::clamp(centre.x(), box.left(), box.right()),
                                         box.top() > centre.y() ? box.top() : box.bottom()));
        painter.setBrush(fill);
        painter.drawRoundedRect(box, 4, 4);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(box, Qt::AlignCenter, text);
    }
    painter.restore();
}

QColor LatticeView::nodeColor(NodePosition node) const
{
    return stateColor(m_state.stateOf(setOf(node)), palette());
}

QString LatticeView::nodeText(NodePosition node, double width, const QFontMetricsF& metrics) const
{
    return labelOf(setOf(node), width, metrics);
}

QString LatticeView::labelOf(core::ColumnSet set, double width, const QFontMetricsF& metrics) const
{
    const QStringList names = columnLabels(set, m_columnNames);
    // The longest form that fits, among those that keep the searched columns apart.
    for (const int length : m_labelLengths) {
        const bool initials = length == 1;
        if (initials && names.size() > maxInitials)
            break;
        QStringList parts;
        for (const QString& name : names)
            parts << (initials ? abbreviation(name, length).toUpper() : abbreviation(name, length));
        const QString label = parts.join(initials ? QString() : QStringLiteral("+"));
        if (metrics.horizontalAdvance(label) <= width - 4.0)
            return label;
    }
    return {};
}

void LatticeView::appendSuccessors(NodePosition node, std::vector<std::uint64_t>& ranksAbove) const
{
    const core::LatticeLayout& layout = m_state.layout();
    const core::ColumnSet set = setOf(node);
    for (const int column : layout.searchedColumns().minus(set).columns())
        ranksAbove.push_back(layout.rank(set.with(column)));
}

std::uint64_t LatticeView::bucketCount(int row) const
{
    return m_state.bucketCount(row + 1);
}

QRgb LatticeView::bucketColor(int row, std::uint64_t first, std::uint64_t last) const
{
    return stateColor(m_state.summarize(row + 1, first, last).dominant(), palette()).rgb();
}

QString LatticeView::toolTipFor(NodePosition node) const
{
    const core::ColumnSet set = setOf(node);
    const QLocale locale;
    QString text =
        QStringLiteral("<b>%1</b><br>%2").arg(describeSet(set, m_columnNames).toHtmlEscaped(), stateName(stateOf(set)));
    if (isDensityMode()) {
        const core::LatticeLayout& layout = m_state.layout();
        const int level = set.size();
        const std::uint64_t buckets = m_state.bucketCount(level);
        const std::uint64_t bucket = layout.bucketOf(set, buckets);
        const core::RankRange ranks = core::LatticeLayout::bucketRanks(bucket, layout.levelSize(level), buckets);
        if (ranks.size() > 1) {
            const BucketSummary summary = m_state.summarize(level, bucket, bucket + 1);
            text +=
                QStringLiteral("<hr>") + tr("Group of %1 combinations of %2 columns (%3 to %4 of %5):")
                                             .arg(locale.toString(static_cast<qulonglong>(ranks.size())))
                                             .arg(level)
                                             .arg(locale.toString(static_cast<qulonglong>(ranks.first + 1)))
                                             .arg(locale.toString(static_cast<qulonglong>(ranks.last)))
                                             .arg(locale.toString(static_cast<qulonglong>(layout.levelSize(level))));
            for (const SetState state : allStates) {
                const std::uint64_t count = summary.counts.of(state);
                if (count > 0)
                    text += QStringLiteral("<br>%1: %2%3")
                                .arg(stateName(state),
                                     state == SetState::Pruned && ranks.size() > LatticeState::samplesPerBucket
                                         ? QStringLiteral("≈")
                                         : QString(),
                                     locale.toString(static_cast<qulonglong>(count)));
            }
        }
    }
    return text;
}

void LatticeView::hoveredChanged(std::optional<NodePosition> node)
{
    Q_EMIT setHovered(setOf(node));
}

void LatticeView::clicked(std::optional<NodePosition> node)
{
    Q_EMIT setSelected(setOf(node));
}

} // namespace qiscout::ui
