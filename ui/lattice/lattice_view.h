// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <QPoint>
#include <QPointF>
#include <QStringList>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/lattice/lattice_layout.h"

#include "lattice/lattice_canvas.h"
#include "lattice/lattice_state.h"

namespace qiscout::ui {

/// The live lattice of column sets, coloured by search state: a Hasse diagram with nodes and
/// edges for small lattices, one density band per level (zoom with the wheel, pan by dragging)
/// for large ones. Row r holds the sets of r + 1 columns; bands are coloured from per-level bucket
/// counters (LatticeState).
/// Thread: GUI thread only; events arrive batched from the controller's drain timer.
class LatticeView : public LatticeCanvas {
    Q_OBJECT

public:
    explicit LatticeView(QWidget* parent = nullptr);
    ~LatticeView() override;

    /// Starts a new, empty lattice over the searched columns (names indexed by table column),
    /// levels 1..maxSetSize (clamped to the number of searched columns). A lattice too wide to
    /// place whole is drawn in its lowest levels (see core::LatticeLayout).
    void reset(core::ColumnSet searchedColumns, const QStringList& columnNames, int maxSetSize);
    /// Whether the view draws every level the search covers (not the highest of a wide lattice).
    [[nodiscard]] bool drawsEveryLevel() const;
    /// Records engine events; cheap (no painting here), schedules one coalesced repaint.
    void applyEvents(std::span<const core::NodeEvent> events);
    /// Settles every set from a finished (or cancelled) search's answer.
    void showResult(const core::SearchResult& result);

    /// Per-state totals implied by the events and results seen so far.
    [[nodiscard]] LatticeCounts stateCounts() const;
    /// The state one set is drawn with.
    [[nodiscard]] SetState stateOf(core::ColumnSet set) const;
    /// Centre of a set's node (Hasse) or of its bucket (bands) in widget coordinates; for tests
    /// and for keeping a selection visible.
    [[nodiscard]] QPointF positionOf(core::ColumnSet set) const;
    /// The set drawn at a widget position (the bucket's representative set in bands); empty if none.
    [[nodiscard]] core::ColumnSet setAt(QPoint position) const;
    /// The currently selected set; empty if none.
    [[nodiscard]] core::ColumnSet selectedSet() const;
    /// The label a set's box shows at this width: its columns' names, shortened only as far as
    /// keeps every searched column distinct; empty when none fits.
    [[nodiscard]] QString labelOf(core::ColumnSet set, double width, const QFontMetricsF& metrics) const;
    /// The quasi-identifiers named on the drawing after a search: the few that single out the most
    /// rows among those drawn, most first.
    [[nodiscard]] const std::vector<core::MinimalSet>& namedOnDrawing() const { return m_mostDangerous; }

Q_SIGNALS:
    /// The user clicked a set (empty set: clicked on nothing).
    void setSelected(core::ColumnSet set);
    /// The pointer moved onto another set (empty set: onto nothing).
    void setHovered(core::ColumnSet set);

protected:
    [[nodiscard]] int rowCount() const override;
    [[nodiscard]] std::uint64_t rowSize(int row) const override;
    [[nodiscard]] QString rowLabel(int row) const override;
    [[nodiscard]] QString widestRowLabel() const override;
    [[nodiscard]] bool prefersDensity() const override;
    [[nodiscard]] std::vector<LegendEntry> legend() const override;
    [[nodiscard]] QString placeholderText() const override;
    [[nodiscard]] QString legendSentence() const override;
    /// Names the most dangerous quasi-identifiers beside their boxes, whatever the boxes' size.
    void paintOverlay(QPainter& painter) const override;
    [[nodiscard]] QColor nodeColor(NodePosition node) const override;
    [[nodiscard]] QString nodeText(NodePosition node, double width, const QFontMetricsF& metrics) const override;
    void appendSuccessors(NodePosition node, std::vector<std::uint64_t>& ranksAbove) const override;
    [[nodiscard]] std::uint64_t bucketCount(int row) const override;
    [[nodiscard]] QRgb bucketColor(int row, std::uint64_t first, std::uint64_t last) const override;
    [[nodiscard]] QString toolTipFor(NodePosition node) const override;
    void hoveredChanged(std::optional<NodePosition> node) override;
    void clicked(std::optional<NodePosition> node) override;

private:
    [[nodiscard]] core::ColumnSet setOf(std::optional<NodePosition> node) const;
    [[nodiscard]] std::optional<NodePosition> nodeOf(core::ColumnSet set) const;

    LatticeState m_state;
    QStringList m_columnNames;
    /// The label lengths that keep the searched columns apart, longest first.
    std::vector<int> m_labelLengths;
    /// The finished search's quasi-identifiers that single out the most rows, most first: named
    /// on the drawing (#35), where most boxes are too small for a name.
    std::vector<core::MinimalSet> m_mostDangerous;
};

} // namespace qiscout::ui
