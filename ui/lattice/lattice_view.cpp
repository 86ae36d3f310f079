// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/lattice_view.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// Lattices up to this many searched columns (4095 sets) are drawn as a Hasse diagram.
constexpr int hasseColumnLimit = 12;
/// Edges are drawn only while at most this many are visible and nodes are this far apart.
constexpr int maxVisibleEdges = 12000;
constexpr double minEdgeSpacing = 5.0;
constexpr double legendSwatch = 12.0;
constexpr double margin = 6.0;
/// Pixels that one set may reach at the deepest zoom.
constexpr double pixelsPerSetAtMaxZoom = 48.0;
/// Sets larger than this get no initials-only label: a row of letters no longer reads as columns.
constexpr qsizetype maxInitials = 3;
/// Even a small lattice may be zoomed this far.
constexpr double minMaxZoom = 4.0;
/// Drag distance before a press becomes a pan rather than a click.
constexpr int dragThreshold = 4;

constexpr std::array allStates{SetState::Unreached, SetState::InProgress, SetState::Safe, SetState::Vulnerable,
                               SetState::Pruned};

QString abbreviation(const QString& name, int length)
{
    return name.size() <= length ? name : name.left(length);
}

} // namespace

LatticeView::LatticeView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(QString());
    reset(core::ColumnSet{}, {}, 0);
}

LatticeView::~LatticeView() = default;

void LatticeView::reset(core::ColumnSet searchedColumns, const QStringList& columnNames, int maxSetSize)
{
    m_state.reset(searchedColumns, maxSetSize);
    m_columnNames = columnNames;
    m_selected = {};
    m_hovered = {};
    m_zoom = 1.0;
    m_panX = 0.0;
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

void LatticeView::showResult(const core::SearchResult& result)
{
    m_state.applyResult(result);
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

bool LatticeView::isDensityMode() const
{
    return m_geometry.density;
}

core::ColumnSet LatticeView::selectedSet() const
{
    return m_selected;
}

double LatticeView::zoom() const
{
    return m_zoom;
}

void LatticeView::setZoom(double zoom)
{
    m_zoom = std::clamp(zoom, 1.0, maxZoom());
    clampPan();
    update();
}

QSize LatticeView::sizeHint() const
{
    return {800, 480};
}

QSize LatticeView::minimumSizeHint() const
{
    return {240, 160};
}

void LatticeView::relayout()
{
    const core::LatticeLayout& layout = m_state.layout();
    m_geometry.density = layout.columnCount() > hasseColumnLimit;

    // The legend flows over as many lines as the width needs.
    const QFontMetricsF metrics(font());
    const double lineHeight = std::max(metrics.height(), legendSwatch) + 4.0;
    double x = margin;
    int lines = 1;
    for (const SetState state : allStates) {
        const double itemWidth = legendSwatch + 4.0 + metrics.horizontalAdvance(stateName(state)) +
                                 metrics.horizontalAdvance(QStringLiteral(" 000,000,000")) + 14.0;
        if (x > margin && x + itemWidth > width() - margin) {
            ++lines;
            x = margin;
        }
        x += itemWidth;
    }
    m_geometry.legend = QRectF(0, 0, width(), lines * lineHeight + margin);

    const double labelWidth = metrics.horizontalAdvance(QStringLiteral("22 cols")) + 2 * margin;
    m_geometry.plot =
        QRectF(labelWidth, m_geometry.legend.bottom() + margin, std::max(1.0, width() - labelWidth - 2 * margin),
               std::max(1.0, height() - m_geometry.legend.bottom() - 2 * margin));
    m_geometry.rowHeight = m_geometry.plot.height() / std::max(1, layout.levelCount());
    clampPan();
}

void LatticeView::clampPan()
{
    m_zoom = std::clamp(m_zoom, 1.0, maxZoom());
    const double slack = m_geometry.plot.width() * (m_zoom - 1.0);
    m_panX = std::clamp(m_panX, 0.0, std::max(0.0, slack));
}

double LatticeView::maxZoom() const
{
    const core::LatticeLayout& layout = m_state.layout();
    std::uint64_t widest = 1;
    for (int size = 1; size <= layout.levelCount(); ++size)
        widest = std::max(widest, layout.levelSize(size));
    return std::max(minMaxZoom, static_cast<double>(widest) * pixelsPerSetAtMaxZoom / m_geometry.plot.width());
}

double LatticeView::levelCentreY(int size) const
{
    return m_geometry.plot.bottom() - (size - 0.5) * m_geometry.rowHeight;
}

int LatticeView::levelAt(double y) const
{
    if (y < m_geometry.plot.top() || y > m_geometry.plot.bottom() || m_geometry.rowHeight <= 0.0)
        return 0;
    const int level = static_cast<int>((m_geometry.plot.bottom() - y) / m_geometry.rowHeight) + 1;
    return std::clamp(level, 1, m_state.layout().levelCount());
}

double LatticeView::screenX(double layoutX) const
{
    return m_geometry.plot.left() + layoutX * m_geometry.plot.width() * m_zoom - m_panX;
}

double LatticeView::layoutX(double screenX) const
{
    return (screenX - m_geometry.plot.left() + m_panX) / (m_geometry.plot.width() * m_zoom);
}

double LatticeView::spacing(int size) const
{
    return m_geometry.plot.width() * m_zoom /
           static_cast<double>(std::max<std::uint64_t>(1, m_state.layout().levelSize(size)));
}

QSizeF LatticeView::nodeSize(int size) const
{
    const double nodeWidth = std::clamp(spacing(size) * 0.8, 1.0, 160.0);
    const double nodeHeight = std::clamp(m_geometry.rowHeight * 0.42, 2.0, 24.0);
    return {nodeWidth, nodeHeight};
}

QPointF LatticeView::positionOf(core::ColumnSet set) const
{
    if (!m_state.layout().contains(set))
        return {};
    return {screenX(m_state.layout().x(set)), levelCentreY(set.size())};
}

core::ColumnSet LatticeView::setAt(QPoint position) const
{
    const core::LatticeLayout& layout = m_state.layout();
    const int level = levelAt(position.y());
    if (level == 0)
        return {};
    const double x = layoutX(position.x());
    if (x < 0.0 || x >= 1.0)
        return {};
    const std::uint64_t levelSize = layout.levelSize(level);
    const auto rank = std::min(levelSize - 1, static_cast<std::uint64_t>(x * static_cast<double>(levelSize)));
    const core::ColumnSet set = layout.unrank(level, rank);
    if (!m_geometry.density) {
        // A Hasse node is hit on its box, with a little slack for tiny nodes.
        const QSizeF node = nodeSize(level);
        const QPointF centre = positionOf(set);
        if (std::abs(position.x() - centre.x()) > std::max(node.width() / 2, 3.0) ||
            std::abs(position.y() - centre.y()) > std::max(node.height() / 2, 4.0))
            return {};
    }
    return set;
}

QString LatticeView::describeSet(core::ColumnSet set) const
{
    QStringList names;
    for (const int column : set.columns())
        names << (column < m_columnNames.size() ? m_columnNames[column] : QStringLiteral("#%1").arg(column));
    return QLatin1Char('{') + names.join(QStringLiteral(", ")) + QLatin1Char('}');
}

QString LatticeView::nodeLabel(core::ColumnSet set, double width, const QFontMetricsF& metrics) const
{
    QStringList names;
    for (const int column : set.columns())
        names << (column < m_columnNames.size() ? m_columnNames[column] : QString::number(column));
    // Longest readable form first: full names, then shorter abbreviations, then initials for small sets.
    for (const int length : {64, 6, 3}) {
        QStringList parts;
        for (const QString& name : names)
            parts << abbreviation(name, length);
        const QString label = parts.join(QLatin1Char('+'));
        if (metrics.horizontalAdvance(label) <= width - 4.0)
            return label;
    }
    if (names.size() <= maxInitials) {
        QString initials;
        for (const QString& name : names)
            initials += name.left(1).toUpper();
        if (metrics.horizontalAdvance(initials) <= width - 4.0)
            return initials;
    }
    return {};
}

void LatticeView::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    const QRectF exposed = event->rect();
    painter.fillRect(exposed, palette().color(QPalette::Base));
    if (m_state.layout().levelCount() == 0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("Run an analysis to watch the column combinations being checked here."));
        return;
    }
    if (exposed.intersects(m_geometry.legend))
        paintLegend(painter);
    painter.save();
    painter.setClipRect(exposed);
    paintLevelLabels(painter, exposed);
    painter.setClipRect(exposed.intersected(m_geometry.plot.adjusted(-2, -2, 2, 2)));
    if (m_geometry.density)
        paintBands(painter, exposed);
    else
        paintHasse(painter, exposed);
    if (!m_hovered.empty() && m_hovered != m_selected)
        paintMarker(painter, m_hovered, false);
    if (!m_selected.empty())
        paintMarker(painter, m_selected, true);
    painter.restore();
}

void LatticeView::paintLegend(QPainter& painter) const
{
    const QFontMetricsF metrics(font());
    const LatticeCounts counts = m_state.counts();
    const QLocale locale;
    const double lineHeight = std::max(metrics.height(), legendSwatch) + 4.0;
    double x = margin;
    double y = margin / 2;
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const SetState state : allStates) {
        const QString count = locale.toString(static_cast<qulonglong>(counts.of(state)));
        const QString name = stateName(state);
        const double itemWidth = legendSwatch + 4.0 + metrics.horizontalAdvance(name) +
                                 metrics.horizontalAdvance(QStringLiteral(" 000,000,000")) + 14.0;
        if (x > margin && x + itemWidth > width() - margin) {
            x = margin;
            y += lineHeight;
        }
        const QRectF swatch(x, y + (lineHeight - legendSwatch) / 2, legendSwatch, legendSwatch);
        painter.setPen(QPen(palette().color(QPalette::Text), 0));
        painter.setBrush(stateColor(state, palette()));
        painter.drawRoundedRect(swatch, 2, 2);
        painter.setPen(palette().color(QPalette::Text));
        const QRectF text(swatch.right() + 4.0, y, itemWidth - legendSwatch - 4.0, lineHeight);
        painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, name + QLatin1Char(' ') + count);
        x += itemWidth;
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void LatticeView::paintLevelLabels(QPainter& painter, const QRectF& exposed) const
{
    if (exposed.left() > m_geometry.plot.left())
        return;
    const core::LatticeLayout& layout = m_state.layout();
    const QFontMetricsF metrics(font());
    // Thin out labels when rows are shorter than the text.
    const int step = std::max(1, static_cast<int>(std::ceil(metrics.height() / std::max(1.0, m_geometry.rowHeight))));
    painter.setPen(palette().color(QPalette::PlaceholderText));
    for (int size = 1; size <= layout.levelCount(); size += step) {
        const QRectF label(0, levelCentreY(size) - metrics.height() / 2, m_geometry.plot.left() - margin,
                           metrics.height());
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, size == 1 ? tr("1 col") : tr("%1 cols").arg(size));
    }
}

void LatticeView::paintHasse(QPainter& painter, const QRectF& exposed) const
{
    const core::LatticeLayout& layout = m_state.layout();
    const QPalette& colors = palette();
    const double left = layoutX(exposed.left());
    const double right = layoutX(exposed.right());
    const auto visibleRanks = [&](int size) {
        const auto levelSize = static_cast<double>(layout.levelSize(size));
        const auto first = static_cast<std::uint64_t>(std::clamp(std::floor(left * levelSize) - 1, 0.0, levelSize));
        const auto last = static_cast<std::uint64_t>(std::clamp(std::ceil(right * levelSize) + 1, 0.0, levelSize));
        return core::RankRange{first, last};
    };

    // Edges from each set to its supersets one level up; skipped when they would be a grey smear.
    std::vector<QLineF> edges;
    bool tooDense = false;
    for (int size = 1; size < layout.levelCount() && !tooDense; ++size) {
        if (spacing(size + 1) < minEdgeSpacing) {
            tooDense = true;
            break;
        }
        const double yLow = levelCentreY(size);
        const double yHigh = levelCentreY(size + 1);
        if (std::max(yLow, yHigh) < exposed.top() || std::min(yLow, yHigh) > exposed.bottom())
            continue;
        const core::RankRange ranks = visibleRanks(size);
        for (std::uint64_t rank = ranks.first; rank < ranks.last; ++rank) {
            const core::ColumnSet set = layout.unrank(size, rank);
            const double x = screenX(layout.x(set));
            for (const int column : layout.searchedColumns().minus(set).columns()) {
                const double xUp = screenX(layout.x(set.with(column)));
                if (std::max(x, xUp) < exposed.left() || std::min(x, xUp) > exposed.right())
                    continue;
                edges.emplace_back(x, yLow, xUp, yHigh);
            }
        }
        tooDense = edges.size() > maxVisibleEdges;
    }
    if (!tooDense && !edges.empty()) {
        QColor edgeColor = colors.color(QPalette::Text);
        edgeColor.setAlphaF(isDarkPalette(colors) ? 0.22F : 0.18F);
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setPen(QPen(edgeColor, 0));
        painter.drawLines(edges.data(), static_cast<int>(edges.size()));
    }

    QFont labelFont = font();
    labelFont.setPointSizeF(std::max(6.0, labelFont.pointSizeF() * 0.85));
    painter.setFont(labelFont);
    const QFontMetricsF metrics(labelFont);
    for (int size = 1; size <= layout.levelCount(); ++size) {
        const double y = levelCentreY(size);
        const QSizeF node = nodeSize(size);
        if (y + node.height() < exposed.top() || y - node.height() > exposed.bottom())
            continue;
        const bool rounded = node.width() >= 8.0;
        painter.setRenderHint(QPainter::Antialiasing, rounded);
        const bool labels = node.height() >= metrics.height() * 0.8 && node.width() >= 14.0;
        const core::RankRange ranks = visibleRanks(size);
        for (std::uint64_t rank = ranks.first; rank < ranks.last; ++rank) {
            const core::ColumnSet set = layout.unrank(size, rank);
            const SetState state = m_state.stateOf(set);
            const QColor fill = stateColor(state, colors);
            const QRectF box(screenX(layout.x(set)) - node.width() / 2, y - node.height() / 2, node.width(),
                             node.height());
            if (rounded) {
                painter.setPen(QPen(fill.darker(isDarkPalette(colors) ? 70 : 130), 0));
                painter.setBrush(fill);
                painter.drawRoundedRect(box, std::min(4.0, node.height() / 3), std::min(4.0, node.height() / 3));
            } else {
                painter.fillRect(box, fill);
            }
            if (labels) {
                const QString label = nodeLabel(set, node.width(), metrics);
                if (!label.isEmpty()) {
                    painter.setPen(textColorOn(fill));
                    painter.drawText(box, Qt::AlignCenter, label);
                }
            }
        }
    }
    painter.setFont(font());
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void LatticeView::paintBands(QPainter& painter, const QRectF& exposed) const
{
    const core::LatticeLayout& layout = m_state.layout();
    const QPalette& colors = palette();
    const double dpr = devicePixelRatioF();
    const double left = std::max(exposed.left(), m_geometry.plot.left());
    const double right = std::min(exposed.right() + 1.0, m_geometry.plot.right());
    if (right <= left)
        return;
    const auto devicePixels = static_cast<int>(std::ceil((right - left) * dpr));
    const double bandHeight = std::max(1.0, std::min(m_geometry.rowHeight * 0.72, m_geometry.rowHeight - 2.0));

    std::array<QRgb, setStateCount> stateRgb{};
    for (const SetState state : allStates)
        stateRgb[static_cast<std::size_t>(state)] = stateColor(state, colors).rgb();
    const QRgb background = colors.color(QPalette::Base).rgb();

    QImage row(devicePixels, 1, QImage::Format_RGB32);
    row.setDevicePixelRatio(dpr);
    auto* pixels = reinterpret_cast<QRgb*>(row.bits());
    const double layoutPerPixel = 1.0 / (m_geometry.plot.width() * m_zoom * dpr);
    for (int size = 1; size <= layout.levelCount(); ++size) {
        const double top = levelCentreY(size) - bandHeight / 2;
        if (top > exposed.bottom() || top + bandHeight < exposed.top())
            continue;
        const std::uint64_t buckets = m_state.bucketCount(size);
        const auto bucketsDouble = static_cast<double>(buckets);
        const double bucketPixels = 1.0 / (bucketsDouble * layoutPerPixel);
        // Wide buckets get a one-pixel gap so neighbouring sets stay distinguishable.
        const bool gaps = bucketPixels >= 6.0 * dpr;
        std::uint64_t previousFirst = buckets;
        std::uint64_t previousLast = buckets;
        QRgb previousColor = background;
        for (int pixel = 0; pixel < devicePixels; ++pixel) {
            const double x0 = layoutX(left) + pixel * layoutPerPixel;
            const double x1 = x0 + layoutPerPixel;
            if (x1 <= 0.0 || x0 >= 1.0) {
                pixels[pixel] = background;
                continue;
            }
            const auto first =
                static_cast<std::uint64_t>(std::clamp(std::floor(x0 * bucketsDouble), 0.0, bucketsDouble - 1));
            const auto last = std::max(
                first + 1, static_cast<std::uint64_t>(std::clamp(std::ceil(x1 * bucketsDouble), 0.0, bucketsDouble)));
            if (first != previousFirst || last != previousLast) {
                previousColor = stateRgb[static_cast<std::size_t>(m_state.summarize(size, first, last).dominant())];
                previousFirst = first;
                previousLast = last;
            }
            const bool bucketStart =
                gaps && std::floor(x0 * bucketsDouble) != std::floor((x0 - layoutPerPixel) * bucketsDouble);
            pixels[pixel] = bucketStart ? background : previousColor;
        }
        painter.drawImage(QRectF(left, top, right - left, bandHeight), row);
    }
}

void LatticeView::paintMarker(QPainter& painter, core::ColumnSet set, bool selected) const
{
    if (!m_state.layout().contains(set))
        return;
    const QPointF centre = positionOf(set);
    QSizeF box = nodeSize(set.size());
    if (m_geometry.density) {
        const double bucketWidth = m_geometry.plot.width() * m_zoom /
                                   static_cast<double>(std::max<std::uint64_t>(1, m_state.bucketCount(set.size())));
        box = QSizeF(std::max(5.0, bucketWidth), std::max(4.0, m_geometry.rowHeight * 0.72));
    } else {
        box = QSizeF(std::max(5.0, box.width()), std::max(5.0, box.height()));
    }
    const QRectF outline(centre.x() - box.width() / 2 - 2, centre.y() - box.height() / 2 - 2, box.width() + 4,
                         box.height() + 4);
    QColor color = palette().color(selected ? QPalette::Highlight : QPalette::Text);
    if (!selected)
        color.setAlphaF(0.6F);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);
    QPen pen(color, selected ? 2.5 : 1.5);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.drawRoundedRect(outline, 3, 3);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

QString LatticeView::toolTipAt(QPoint position) const
{
    const core::ColumnSet set = setAt(position);
    if (set.empty())
        return {};
    const QLocale locale;
    QString text = QStringLiteral("<b>%1</b><br>%2").arg(describeSet(set).toHtmlEscaped(), stateName(stateOf(set)));
    if (m_geometry.density) {
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

bool LatticeView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void LatticeView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        relayout();
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::StyleChange)
        update();
    QWidget::changeEvent(event);
}

void LatticeView::resizeEvent(QResizeEvent* event)
{
    const double oldWidth = m_geometry.plot.width();
    relayout();
    // Keep the same part of the lattice in view when the width changes.
    if (oldWidth > 1.0)
        m_panX *= m_geometry.plot.width() / oldWidth;
    clampPan();
    QWidget::resizeEvent(event);
}

void LatticeView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragMoved = false;
        m_dragStart = event->position().toPoint();
        m_dragStartPan = m_panX;
    }
    QWidget::mousePressEvent(event);
}

void LatticeView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint position = event->position().toPoint();
    if (m_dragging) {
        if ((position - m_dragStart).manhattanLength() >= dragThreshold)
            m_dragMoved = true;
        if (m_dragMoved && m_zoom > 1.0) {
            m_panX = m_dragStartPan - (position.x() - m_dragStart.x());
            clampPan();
            setCursor(Qt::ClosedHandCursor);
            update();
        }
    }
    const core::ColumnSet hovered = setAt(position);
    if (hovered != m_hovered) {
        m_hovered = hovered;
        update();
        Q_EMIT setHovered(hovered);
    }
    QWidget::mouseMoveEvent(event);
}

void LatticeView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_dragging) {
        m_dragging = false;
        unsetCursor();
        if (!m_dragMoved) {
            m_selected = setAt(event->position().toPoint());
            update();
            Q_EMIT setSelected(m_selected);
        }
    }
    QWidget::mouseReleaseEvent(event);
}

void LatticeView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        event->ignore();
        return;
    }
    const double anchor = event->position().x();
    const double anchoredX = layoutX(anchor);
    m_zoom = std::clamp(m_zoom * std::pow(1.25, steps), 1.0, maxZoom());
    m_panX = anchoredX * m_geometry.plot.width() * m_zoom - (anchor - m_geometry.plot.left());
    clampPan();
    update();
    event->accept();
}

void LatticeView::leaveEvent(QEvent* event)
{
    if (!m_hovered.empty()) {
        m_hovered = {};
        update();
        Q_EMIT setHovered(m_hovered);
    }
    QWidget::leaveEvent(event);
}

} // namespace qiscout::ui
