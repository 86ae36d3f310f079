// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <QColor>
#include <QPoint>
#include <QPointF>
#include <QString>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QFontMetricsF;
class QPainter;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The drawing every lattice view shares, so the column-set lattice of the search and the
/// transformation lattice of the protection look and behave alike: rows of nodes stacked bottom
/// up, a legend of states with their counts, row labels on the left, zoom (wheel) and pan (drag)
/// along the rows, hover, click and tooltips. Small lattices are drawn as Hasse diagrams (boxes
/// and edges), large ones as one density band per row, coloured bucket by bucket. Only the
/// exposed rectangle is painted. Subclasses say what the rows hold and how nodes are coloured.
/// Thread: GUI thread only.
class LatticeCanvas : public QWidget {
    Q_OBJECT

public:
    /// Horizontal zoom (1 = each whole row fits the width).
    [[nodiscard]] double zoom() const { return m_zoom; }
    void setZoom(double zoom);
    /// True when the lattice is drawn as density bands rather than a Hasse diagram.
    [[nodiscard]] bool isDensityMode() const { return m_geometry.density; }

    /// Where each legend entry's text ("Safe 22") is drawn, in legend order; the text wraps
    /// within its rectangle, which always has room for the whole name and the largest count.
    [[nodiscard]] std::vector<QRectF> legendTextRects() const;
    /// Where the sentence under the legend is drawn (empty without one).
    [[nodiscard]] QRectF legendSentenceRect() const { return m_geometry.sentence; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    /// A node's place in the drawing: its row (0 = bottom) and its rank within the row, left to right.
    struct NodePosition {
        int row = 0;
        std::uint64_t rank = 0;
        friend bool operator==(const NodePosition&, const NodePosition&) = default;
    };
    /// One legend item: a state's colour, its name and how many nodes are in it.
    struct LegendEntry {
        QColor color;
        QString name;
        std::uint64_t count = 0;
    };

    explicit LatticeCanvas(QWidget* parent);

    [[nodiscard]] virtual int rowCount() const = 0;
    /// Nodes in a row (at least 1 for 0 <= row < rowCount()).
    [[nodiscard]] virtual std::uint64_t rowSize(int row) const = 0;
    [[nodiscard]] virtual QString rowLabel(int row) const = 0;
    /// The widest row label the lattice can have, to size the label column.
    [[nodiscard]] virtual QString widestRowLabel() const = 0;
    /// Whether the current lattice is too large for a Hasse diagram.
    [[nodiscard]] virtual bool prefersDensity() const = 0;
    [[nodiscard]] virtual std::vector<LegendEntry> legend() const = 0;
    /// What an empty canvas says.
    [[nodiscard]] virtual QString placeholderText() const = 0;
    /// A sentence under the legend saying what the drawing shows (empty: none).
    [[nodiscard]] virtual QString legendSentence() const;
    /// Hasse diagram: a node's fill, its label if one fits in `width` (empty: none), and the ranks
    /// of its direct successors in the row above.
    [[nodiscard]] virtual QColor nodeColor(NodePosition node) const = 0;
    [[nodiscard]] virtual QString nodeText(NodePosition node, double width, const QFontMetricsF& metrics) const = 0;
    virtual void appendSuccessors(NodePosition node, std::vector<std::uint64_t>& ranksAbove) const = 0;
    /// Density bands: buckets a row is split into (equal rank ranges), and the colour of buckets
    /// [first, last) of a row.
    [[nodiscard]] virtual std::uint64_t bucketCount(int row) const = 0;
    [[nodiscard]] virtual QRgb bucketColor(int row, std::uint64_t first, std::uint64_t last) const = 0;
    /// Rich-text tooltip for a node (in bands: for its bucket).
    [[nodiscard]] virtual QString toolTipFor(NodePosition node) const = 0;
    /// The pointer moved onto another node (or off every node).
    virtual void hoveredChanged(std::optional<NodePosition> node) = 0;
    /// The user clicked a node (or empty space); the selection is already updated.
    virtual void clicked(std::optional<NodePosition> node) = 0;
    /// Extra marks drawn over the nodes, below the hover and selection outlines.
    virtual void paintOverlay(QPainter& painter) const;

    /// Recomputes the geometry after the rows, the legend or the mode changed; keeps zoom and pan
    /// where they still fit.
    void relayout();
    /// Back to zoom 1, no hover, no selection (for a new lattice).
    void resetInteraction();
    [[nodiscard]] std::optional<NodePosition> selectedNode() const { return m_selected; }
    void setSelectedNode(std::optional<NodePosition> node);
    [[nodiscard]] std::optional<NodePosition> hoveredNode() const { return m_hovered; }

    /// Centre of a node (Hasse) or of its bucket's span (bands) in widget coordinates.
    [[nodiscard]] QPointF centreOf(NodePosition node) const;
    /// The node drawn at a widget position (in bands: the node of that rank); none off the plot
    /// or, in a Hasse diagram, between boxes.
    [[nodiscard]] std::optional<NodePosition> nodeAt(QPoint position) const;
    /// Outlines a node (or its bucket, in bands) with a rounded rectangle.
    void paintOutline(QPainter& painter, NodePosition node, const QColor& color, double width) const;

    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Where things go for the current size, font and zoom.
    struct Geometry {
        QRectF legend;
        std::vector<QRectF> legendTexts;
        /// Where legendSentence wraps, under the entries.
        QRectF sentence;
        QRectF plot;
        double rowHeight = 0.0;
        bool density = false;
    };

    void clampPan();
    void paintLegend(QPainter& painter) const;
    void paintRowLabels(QPainter& painter, const QRectF& exposed) const;
    void paintHasse(QPainter& painter, const QRectF& exposed) const;
    void paintBands(QPainter& painter, const QRectF& exposed) const;
    [[nodiscard]] double rowCentreY(int row) const;
    [[nodiscard]] double screenX(double layoutX) const;
    [[nodiscard]] double layoutX(double screenX) const;
    [[nodiscard]] double spacing(int row) const;
    [[nodiscard]] QSizeF nodeSize(int row) const;
    [[nodiscard]] std::optional<int> rowAt(double y) const;
    [[nodiscard]] double maxZoom() const;
    [[nodiscard]] double layoutXOf(NodePosition node) const;

    Geometry m_geometry;
    std::optional<NodePosition> m_selected;
    std::optional<NodePosition> m_hovered;
    double m_zoom = 1.0;
    double m_panX = 0.0;
    bool m_dragging = false;
    bool m_dragMoved = false;
    QPoint m_dragStart;
    double m_dragStartPan = 0.0;
};

} // namespace qiscout::ui
