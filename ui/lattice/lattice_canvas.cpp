// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: layout, zoom and pan, hit-testing and the three drawing modes (Hasse diagram,
// density bands, outline) of one widget share its geometry helpers; both lattice views inherit it.
#include "lattice/lattice_canvas.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "qiscout/core/lattice/lattice_layout.h"

#include "lattice/lattice_palette.h"

namespace qiscout::ui {

namespace {

/// Edges are drawn only while at most this many are visible and nodes are this far apart.
constexpr std::size_t maxVisibleEdges = 12000;
constexpr double minEdgeSpacing = 5.0;
constexpr double legendSwatch = 12.0;
/// Space between two legend entries on a line.
constexpr double legendGap = 14.0;
constexpr double margin = 6.0;
/// Pixels that one node may reach at the deepest zoom.
constexpr double pixelsPerNodeAtMaxZoom = 48.0;
/// Even a small lattice may be zoomed this far.
constexpr double minMaxZoom = 4.0;
/// Drag distance before a press becomes a pan rather than a click.
constexpr int dragThreshold = 4;

} // namespace

LatticeCanvas::LatticeCanvas(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(QString());
}

void LatticeCanvas::setZoom(double zoom)
{
    m_zoom = std::clamp(zoom, 1.0, maxZoom());
    clampPan();
    update();
}

QSize LatticeCanvas::sizeHint() const
{
    return {800, 480};
}

QSize LatticeCanvas::minimumSizeHint() const
{
    return {240, 160};
}

void LatticeCanvas::paintOverlay(QPainter& /*painter*/) const {}

QString LatticeCanvas::legendSentence() const
{
    return {};
}

void LatticeCanvas::resetInteraction()
{
    m_selected.reset();
    m_hovered.reset();
    m_zoom = 1.0;
    m_panX = 0.0;
}

void LatticeCanvas::setSelectedNode(std::optional<NodePosition> node)
{
    m_selected = node;
    update();
}

std::vector<QRectF> LatticeCanvas::legendTextRects() const
{
    return m_geometry.legendTexts;
}

void LatticeCanvas::relayout()
{
    m_geometry.density = prefersDensity();

    // The legend flows over as many lines as the width needs; an entry wider than a whole line
    // wraps its name within the line, so its count is never cut off (#14: "...(skipped) 32,71"
    // in a 1024-pixel window). Each entry keeps room for the largest count the lattice can have.
    const QFontMetricsF metrics(font());
    std::uint64_t nodes = 0;
    for (int row = 0; row < rowCount(); ++row)
        nodes = rowSize(row) > std::numeric_limits<std::uint64_t>::max() - nodes
                    ? std::numeric_limits<std::uint64_t>::max()
                    : nodes + rowSize(row);
    const QString widestCount = QLocale().toString(static_cast<qulonglong>(nodes));
    const double textIndent = legendSwatch + 4.0;
    const double widthLimit = std::max(1.0, width() - 2 * margin - textIndent);
    const double lineHeight = std::max(metrics.height(), legendSwatch) + 4.0;
    m_geometry.legendTexts.clear();
    double x = margin;
    double y = margin / 2;
    double lineBottom = y + lineHeight;
    for (const LegendEntry& entry : legend()) {
        const QRectF text = metrics.boundingRect(QRectF(0, 0, widthLimit, 1e6), Qt::AlignLeft | Qt::TextWordWrap,
                                                 entry.name + QLatin1Char(' ') + widestCount);
        const double itemWidth = textIndent + std::ceil(text.width());
        if (x > margin && x + itemWidth > width() - margin) {
            x = margin;
            y = lineBottom;
        }
        const double itemHeight = std::max(lineHeight, std::ceil(text.height()) + 4.0);
        m_geometry.legendTexts.emplace_back(x + textIndent, y, std::ceil(text.width()), itemHeight);
        lineBottom = std::max(lineBottom, y + itemHeight);
        x += itemWidth + legendGap;
    }
    m_geometry.sentence = QRectF();
    if (const QString sentence = legendSentence(); !sentence.isEmpty()) {
        const QRectF text = metrics.boundingRect(QRectF(0, 0, std::max(1.0, width() - 2 * margin), 1e6),
                                                 Qt::AlignLeft | Qt::TextWordWrap, sentence);
        m_geometry.sentence =
            QRectF(margin, lineBottom + 2.0, std::max(1.0, width() - 2 * margin), std::ceil(text.height()) + 2.0);
        lineBottom = m_geometry.sentence.bottom();
    }
    m_geometry.legend = QRectF(0, 0, width(), lineBottom + margin / 2);

    const double labelWidth = metrics.horizontalAdvance(widestRowLabel()) + 2 * margin;
    m_geometry.plot =
        QRectF(labelWidth, m_geometry.legend.bottom() + margin, std::max(1.0, width() - labelWidth - 2 * margin),
               std::max(1.0, height() - m_geometry.legend.bottom() - 2 * margin));
    m_geometry.rowHeight = m_geometry.plot.height() / std::max(1, rowCount());
    clampPan();
}

void LatticeCanvas::clampPan()
{
    m_zoom = std::clamp(m_zoom, 1.0, maxZoom());
    const double slack = m_geometry.plot.width() * (m_zoom - 1.0);
    m_panX = std::clamp(m_panX, 0.0, std::max(0.0, slack));
}

double LatticeCanvas::maxZoom() const
{
    std::uint64_t widest = 1;
    for (int row = 0; row < rowCount(); ++row)
        widest = std::max(widest, rowSize(row));
    return std::max(minMaxZoom, static_cast<double>(widest) * pixelsPerNodeAtMaxZoom / m_geometry.plot.width());
}

double LatticeCanvas::rowCentreY(int row) const
{
    return m_geometry.plot.bottom() - (row + 0.5) * m_geometry.rowHeight;
}

std::optional<int> LatticeCanvas::rowAt(double y) const
{
    if (y < m_geometry.plot.top() || y > m_geometry.plot.bottom() || m_geometry.rowHeight <= 0.0 || rowCount() == 0)
        return std::nullopt;
    const int row = static_cast<int>((m_geometry.plot.bottom() - y) / m_geometry.rowHeight);
    return std::clamp(row, 0, rowCount() - 1);
}

double LatticeCanvas::screenX(double layoutX) const
{
    return m_geometry.plot.left() + layoutX * m_geometry.plot.width() * m_zoom - m_panX;
}

double LatticeCanvas::layoutX(double screenX) const
{
    return (screenX - m_geometry.plot.left() + m_panX) / (m_geometry.plot.width() * m_zoom);
}

double LatticeCanvas::layoutXOf(NodePosition node) const
{
    return (static_cast<double>(node.rank) + 0.5) / static_cast<double>(std::max<std::uint64_t>(1, rowSize(node.row)));
}

double LatticeCanvas::spacing(int row) const
{
    return m_geometry.plot.width() * m_zoom / static_cast<double>(std::max<std::uint64_t>(1, rowSize(row)));
}

QSizeF LatticeCanvas::nodeSize(int row) const
{
    const double nodeWidth = std::clamp(spacing(row) * 0.8, 1.0, 160.0);
    const double nodeHeight = std::clamp(m_geometry.rowHeight * 0.42, 2.0, 24.0);
    return {nodeWidth, nodeHeight};
}

QPointF LatticeCanvas::centreOf(NodePosition node) const
{
    if (node.row < 0 || node.row >= rowCount() || node.rank >= rowSize(node.row))
        return {};
    return {screenX(layoutXOf(node)), rowCentreY(node.row)};
}

std::optional<LatticeCanvas::NodePosition> LatticeCanvas::nodeAt(QPoint position) const
{
    const std::optional<int> row = rowAt(position.y());
    if (!row)
        return std::nullopt;
    const double x = layoutX(position.x());
    if (x < 0.0 || x >= 1.0)
        return std::nullopt;
    const std::uint64_t size = rowSize(*row);
    const NodePosition node{*row, std::min(size - 1, static_cast<std::uint64_t>(x * static_cast<double>(size)))};
    if (!m_geometry.density) {
        // A Hasse node is hit on its box, with a little slack for tiny nodes.
        const QSizeF box = nodeSize(*row);
        const QPointF centre = centreOf(node);
        if (std::abs(position.x() - centre.x()) > std::max(box.width() / 2, 3.0) ||
            std::abs(position.y() - centre.y()) > std::max(box.height() / 2, 4.0))
            return std::nullopt;
    }
    return node;
}

void LatticeCanvas::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    const QRectF exposed = event->rect();
    painter.fillRect(exposed, palette().color(QPalette::Base));
    if (rowCount() == 0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, placeholderText());
        return;
    }
    if (exposed.intersects(m_geometry.legend))
        paintLegend(painter);
    painter.save();
    painter.setClipRect(exposed);
    paintRowLabels(painter, exposed);
    painter.setClipRect(exposed.intersected(m_geometry.plot.adjusted(-2, -2, 2, 2)));
    if (m_geometry.density)
        paintBands(painter, exposed);
    else
        paintHasse(painter, exposed);
    paintOverlay(painter);
    if (m_hovered && m_hovered != m_selected) {
        QColor color = palette().color(QPalette::Text);
        color.setAlphaF(0.6F);
        paintOutline(painter, *m_hovered, color, 1.5);
    }
    if (m_selected)
        paintOutline(painter, *m_selected, palette().color(QPalette::Highlight), 2.5);
    painter.restore();
}

void LatticeCanvas::paintLegend(QPainter& painter) const
{
    const QFontMetricsF metrics(font());
    const QLocale locale;
    const double lineHeight = std::max(metrics.height(), legendSwatch) + 4.0;
    const auto entries = legend();
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t index = 0; index < entries.size() && index < m_geometry.legendTexts.size(); ++index) {
        const LegendEntry& entry = entries[index];
        const QRectF& text = m_geometry.legendTexts[index];
        // The swatch sits beside the first line of the text.
        const QRectF swatch(text.left() - legendSwatch - 4.0, text.top() + (lineHeight - legendSwatch) / 2,
                            legendSwatch, legendSwatch);
        painter.setPen(QPen(palette().color(QPalette::Text), 0));
        painter.setBrush(entry.color);
        painter.drawRoundedRect(swatch, 2, 2);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(text.adjusted(0, 2, 0, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                         entry.name + QLatin1Char(' ') + locale.toString(static_cast<qulonglong>(entry.count)));
    }
    if (!m_geometry.sentence.isEmpty()) {
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(m_geometry.sentence, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, legendSentence());
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void LatticeCanvas::paintRowLabels(QPainter& painter, const QRectF& exposed) const
{
    if (exposed.left() > m_geometry.plot.left())
        return;
    const QFontMetricsF metrics(font());
    // Thin out labels when rows are shorter than the text.
    const int step = std::max(1, static_cast<int>(std::ceil(metrics.height() / std::max(1.0, m_geometry.rowHeight))));
    painter.setPen(palette().color(QPalette::PlaceholderText));
    for (int row = 0; row < rowCount(); row += step) {
        const QRectF label(0, rowCentreY(row) - metrics.height() / 2, m_geometry.plot.left() - margin,
                           metrics.height());
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, rowLabel(row));
    }
}

void LatticeCanvas::paintHasse(QPainter& painter, const QRectF& exposed) const
{
    const QPalette& colors = palette();
    const double left = layoutX(exposed.left());
    const double right = layoutX(exposed.right());
    const auto visibleRanks = [&](int row) {
        const auto size = static_cast<double>(rowSize(row));
        const auto first = static_cast<std::uint64_t>(std::clamp(std::floor(left * size) - 1, 0.0, size));
        const auto last = static_cast<std::uint64_t>(std::clamp(std::ceil(right * size) + 1, 0.0, size));
        return core::RankRange{first, last};
    };

    // Edges from each node to its successors one row up; skipped when they would be a grey smear.
    std::vector<QLineF> edges;
    std::vector<std::uint64_t> above;
    bool tooDense = false;
    for (int row = 0; row + 1 < rowCount() && !tooDense; ++row) {
        if (spacing(row + 1) < minEdgeSpacing) {
            tooDense = true;
            break;
        }
        const double yLow = rowCentreY(row);
        const double yHigh = rowCentreY(row + 1);
        if (std::max(yLow, yHigh) < exposed.top() || std::min(yLow, yHigh) > exposed.bottom())
            continue;
        const core::RankRange ranks = visibleRanks(row);
        for (std::uint64_t rank = ranks.first; rank < ranks.last; ++rank) {
            const double x = screenX(layoutXOf({row, rank}));
            above.clear();
            appendSuccessors({row, rank}, above);
            for (const std::uint64_t rankAbove : above) {
                const double xUp = screenX(layoutXOf({row + 1, rankAbove}));
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
    for (int row = 0; row < rowCount(); ++row) {
        const double y = rowCentreY(row);
        const QSizeF node = nodeSize(row);
        if (y + node.height() < exposed.top() || y - node.height() > exposed.bottom())
            continue;
        const bool rounded = node.width() >= 8.0;
        painter.setRenderHint(QPainter::Antialiasing, rounded);
        const bool labels = node.height() >= metrics.height() * 0.8 && node.width() >= 14.0;
        const core::RankRange ranks = visibleRanks(row);
        for (std::uint64_t rank = ranks.first; rank < ranks.last; ++rank) {
            const QColor fill = nodeColor({row, rank});
            const QRectF box(screenX(layoutXOf({row, rank})) - node.width() / 2, y - node.height() / 2, node.width(),
                             node.height());
            if (rounded) {
                painter.setPen(QPen(fill.darker(isDarkPalette(colors) ? 70 : 130), 0));
                painter.setBrush(fill);
                painter.drawRoundedRect(box, std::min(4.0, node.height() / 3), std::min(4.0, node.height() / 3));
            } else {
                painter.fillRect(box, fill);
            }
            if (labels) {
                const QString label = nodeText({row, rank}, node.width(), metrics);
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

void LatticeCanvas::paintBands(QPainter& painter, const QRectF& exposed) const
{
    const double dpr = devicePixelRatioF();
    const double left = std::max(exposed.left(), m_geometry.plot.left());
    const double right = std::min(exposed.right() + 1.0, m_geometry.plot.right());
    if (right <= left)
        return;
    const auto devicePixels = static_cast<int>(std::ceil((right - left) * dpr));
    const double bandHeight = std::max(1.0, std::min(m_geometry.rowHeight * 0.72, m_geometry.rowHeight - 2.0));
    const QRgb background = palette().color(QPalette::Base).rgb();

    QImage line(devicePixels, 1, QImage::Format_RGB32);
    line.setDevicePixelRatio(dpr);
    auto* pixels = reinterpret_cast<QRgb*>(line.bits());
    const double layoutPerPixel = 1.0 / (m_geometry.plot.width() * m_zoom * dpr);
    for (int row = 0; row < rowCount(); ++row) {
        const double top = rowCentreY(row) - bandHeight / 2;
        if (top > exposed.bottom() || top + bandHeight < exposed.top())
            continue;
        const std::uint64_t buckets = bucketCount(row);
        const auto bucketsDouble = static_cast<double>(buckets);
        const double bucketPixels = 1.0 / (bucketsDouble * layoutPerPixel);
        // Wide buckets get a one-pixel gap so neighbouring nodes stay distinguishable.
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
                previousColor = bucketColor(row, first, last);
                previousFirst = first;
                previousLast = last;
            }
            const bool bucketStart =
                gaps && std::floor(x0 * bucketsDouble) != std::floor((x0 - layoutPerPixel) * bucketsDouble);
            pixels[pixel] = bucketStart ? background : previousColor;
        }
        painter.drawImage(QRectF(left, top, right - left, bandHeight), line);
    }
}

void LatticeCanvas::paintOutline(QPainter& painter, NodePosition node, const QColor& color, double width) const
{
    if (node.row < 0 || node.row >= rowCount() || node.rank >= rowSize(node.row))
        return;
    const QPointF centre = centreOf(node);
    QSizeF box = nodeSize(node.row);
    if (m_geometry.density) {
        const double bucketWidth =
            m_geometry.plot.width() * m_zoom / static_cast<double>(std::max<std::uint64_t>(1, bucketCount(node.row)));
        box = QSizeF(std::max(5.0, bucketWidth), std::max(4.0, m_geometry.rowHeight * 0.72));
    } else {
        box = QSizeF(std::max(5.0, box.width()), std::max(5.0, box.height()));
    }
    const QRectF outline(centre.x() - box.width() / 2 - 2, centre.y() - box.height() / 2 - 2, box.width() + 4,
                         box.height() + 4);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);
    QPen pen(color, width);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.drawRoundedRect(outline, 3, 3);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

bool LatticeCanvas::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto node = nodeAt(help->pos());
        const QString text = node ? toolTipFor(*node) : QString();
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

void LatticeCanvas::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        relayout();
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::StyleChange)
        update();
    QWidget::changeEvent(event);
}

void LatticeCanvas::resizeEvent(QResizeEvent* event)
{
    const double oldWidth = m_geometry.plot.width();
    relayout();
    // Keep the same part of the lattice in view when the width changes.
    if (oldWidth > 1.0)
        m_panX *= m_geometry.plot.width() / oldWidth;
    clampPan();
    QWidget::resizeEvent(event);
}

void LatticeCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragMoved = false;
        m_dragStart = event->position().toPoint();
        m_dragStartPan = m_panX;
    }
    QWidget::mousePressEvent(event);
}

void LatticeCanvas::mouseMoveEvent(QMouseEvent* event)
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
    const auto hovered = nodeAt(position);
    if (hovered != m_hovered) {
        m_hovered = hovered;
        update();
        hoveredChanged(hovered);
    }
    QWidget::mouseMoveEvent(event);
}

void LatticeCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_dragging) {
        m_dragging = false;
        unsetCursor();
        if (!m_dragMoved) {
            m_selected = nodeAt(event->position().toPoint());
            update();
            clicked(m_selected);
        }
    }
    QWidget::mouseReleaseEvent(event);
}

void LatticeCanvas::wheelEvent(QWheelEvent* event)
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

void LatticeCanvas::leaveEvent(QEvent* event)
{
    if (m_hovered) {
        m_hovered.reset();
        update();
        hoveredChanged(std::nullopt);
    }
    QWidget::leaveEvent(event);
}

} // namespace qiscout::ui
