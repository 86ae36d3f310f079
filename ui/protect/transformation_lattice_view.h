// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <QStringList>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/transformation_lattice.h"

#include "lattice/lattice_canvas.h"
#include "protect/transformation_lattice_state.h"

namespace qiscout::ui {

/// The live generalisation lattice of a protection run, drawn like the quasi-identifier lattice:
/// row r holds the transformations that raise the levels by r steps in total (the original table
/// at the bottom, everything generalised at the top), coloured by what the search learnt. Small
/// lattices are Hasse diagrams labelled with their levels, large ones density bands. Hovering
/// shows a node's levels and metric; clicking picks it.
/// Thread: GUI thread only; events arrive batched from the controller's drain timer.
class TransformationLatticeView : public LatticeCanvas {
    Q_OBJECT

public:
    explicit TransformationLatticeView(QWidget* parent = nullptr);
    ~TransformationLatticeView() override;

    /// No lattice: the placeholder text.
    void clear();
    /// No lattice, because the search's has more nodes than the exact search takes (#40): the
    /// placeholder says so and the search's events are ignored.
    void showUndrawable(std::uint64_t latticeSize);
    /// Starts a new, empty lattice; names are the quasi-identifiers' column names, in order.
    void reset(const core::TransformationLattice& lattice, const QStringList& quasiIdentifierNames);
    /// Records search events and the running best; cheap, schedules one coalesced repaint.
    void applyEvents(std::span<const core::TransformationEvent> events, const core::AnonymizationCounters& counters);
    /// Settles the lattice from the search's answer (optimum and frontier marked).
    void showResult(const core::AnonymizationResult& result);
    /// Outlines the transformation the result view shows (none: no outline).
    void setChosen(const std::optional<core::Transformation>& transformation);

    [[nodiscard]] const core::TransformationLattice& lattice() const { return m_state.layout().lattice(); }
    [[nodiscard]] TransformationCounts stateCounts() const { return m_state.counts(); }
    [[nodiscard]] TransformationState stateOf(const core::Transformation& transformation) const;
    /// Centre of a transformation's node (Hasse) or bucket (bands) in widget coordinates.
    [[nodiscard]] QPointF positionOf(const core::Transformation& transformation) const;
    /// The transformation drawn at a widget position, if any.
    [[nodiscard]] std::optional<core::Transformation> transformationAt(QPoint position) const;

Q_SIGNALS:
    /// The user clicked a transformation.
    void transformationPicked(const core::Transformation& transformation);

protected:
    [[nodiscard]] int rowCount() const override;
    [[nodiscard]] std::uint64_t rowSize(int row) const override;
    [[nodiscard]] QString rowLabel(int row) const override;
    [[nodiscard]] QString widestRowLabel() const override;
    [[nodiscard]] bool prefersDensity() const override;
    [[nodiscard]] std::vector<LegendEntry> legend() const override;
    [[nodiscard]] QString placeholderText() const override;
    [[nodiscard]] QColor nodeColor(NodePosition node) const override;
    [[nodiscard]] QString nodeText(NodePosition node, double width, const QFontMetricsF& metrics) const override;
    void appendSuccessors(NodePosition node, std::vector<std::uint64_t>& ranksAbove) const override;
    [[nodiscard]] std::uint64_t bucketCount(int row) const override;
    [[nodiscard]] QRgb bucketColor(int row, std::uint64_t first, std::uint64_t last) const override;
    [[nodiscard]] QString toolTipFor(NodePosition node) const override;
    void hoveredChanged(std::optional<NodePosition> node) override;
    void clicked(std::optional<NodePosition> node) override;
    void paintOverlay(QPainter& painter) const override;

private:
    [[nodiscard]] std::uint64_t nodeOf(NodePosition node) const;
    [[nodiscard]] NodePosition positionOfNode(std::uint64_t node) const;

    TransformationLatticeState m_state;
    QStringList m_names;
    std::optional<NodePosition> m_chosen;
    bool m_hasLattice = false;
    /// The size of a lattice too large to draw (showUndrawable), for the placeholder.
    std::optional<std::uint64_t> m_undrawableSize;
};

} // namespace qiscout::ui
