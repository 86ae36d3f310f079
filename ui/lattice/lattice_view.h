// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>

#include <QPoint>
#include <QPointF>
#include <QStringList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QFontMetricsF;
class QPainter;
QT_END_NAMESPACE

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/lattice/lattice_layout.h"

#include "lattice/lattice_state.h"

namespace qiscout::ui {

/// The live lattice of column sets, coloured by search state: a Hasse diagram with nodes and
/// edges for small lattices, one density band per level (zoom with the wheel, pan by dragging)
/// for large ones. Paints only the exposed rectangle from per-level bucket counters.
/// Thread: GUI thread only; events arrive batched from the controller's drain timer.
class LatticeView : public QWidget {
    Q_OBJECT

public:
    explicit LatticeView(QWidget* parent = nullptr);
    ~LatticeView() override;

    /// Starts a new, empty lattice over the searched columns (names indexed by table column),
    /// levels 1..maxSetSize (clamped to the number of searched columns).
    void reset(core::ColumnSet searchedColumns, const QStringList& columnNames, int maxSetSize);
    /// Records engine events; cheap (no painting here), schedules one coalesced repaint.
    void applyEvents(std::span<const core::NodeEvent> events);
    /// Settles every set from a finished (or cancelled) search's answer.
    void showResult(const core::SearchResult& result);

    /// Per-state totals implied by the events and results seen so far.
    [[nodiscard]] LatticeCounts stateCounts() const;
    /// The state one set is drawn with.
    [[nodiscard]] SetState stateOf(core::ColumnSet set) const;
    /// True when the lattice is drawn as density bands rather than a Hasse diagram.
    [[nodiscard]] bool isDensityMode() const;
    /// Centre of a set's node (Hasse) or of its bucket (bands) in widget coordinates; for tests
    /// and for keeping a selection visible.
    [[nodiscard]] QPointF positionOf(core::ColumnSet set) const;
    /// The set drawn at a widget position (the bucket's representative set in bands); empty if none.
    [[nodiscard]] core::ColumnSet setAt(QPoint position) const;
    /// The currently selected set; empty if none.
    [[nodiscard]] core::ColumnSet selectedSet() const;

    /// Horizontal zoom of the density bands (1 = whole level fits the width).
    [[nodiscard]] double zoom() const;
    void setZoom(double zoom);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// The user clicked a set (empty set: clicked on nothing).
    void setSelected(core::ColumnSet set);
    /// The pointer moved onto another set (empty set: onto nothing).
    void setHovered(core::ColumnSet set);

protected:
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
        QRectF plot;
        double rowHeight = 0.0;
        bool density = false;
    };

    void relayout();
    void clampPan();
    void paintLegend(QPainter& painter) const;
    void paintLevelLabels(QPainter& painter, const QRectF& exposed) const;
    void paintHasse(QPainter& painter, const QRectF& exposed) const;
    void paintBands(QPainter& painter, const QRectF& exposed) const;
    void paintMarker(QPainter& painter, core::ColumnSet set, bool selected) const;
    [[nodiscard]] double levelCentreY(int size) const;
    [[nodiscard]] double screenX(double layoutX) const;
    [[nodiscard]] double layoutX(double screenX) const;
    [[nodiscard]] double spacing(int size) const;
    [[nodiscard]] QSizeF nodeSize(int size) const;
    [[nodiscard]] int levelAt(double y) const;
    [[nodiscard]] double maxZoom() const;
    [[nodiscard]] QString toolTipAt(QPoint position) const;
    [[nodiscard]] QString describeSet(core::ColumnSet set) const;
    [[nodiscard]] QString nodeLabel(core::ColumnSet set, double width, const QFontMetricsF& metrics) const;

    LatticeState m_state;
    QStringList m_columnNames;
    Geometry m_geometry;
    core::ColumnSet m_selected;
    core::ColumnSet m_hovered;
    double m_zoom = 1.0;
    double m_panX = 0.0;
    bool m_dragging = false;
    bool m_dragMoved = false;
    QPoint m_dragStart;
    double m_dragStartPan = 0.0;
};

} // namespace qiscout::ui
