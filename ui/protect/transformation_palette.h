// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

#include "protect/transformation_lattice_state.h"

namespace qiscout::ui {

/// Fill colour of a transformation state, in the visual language of the column-set lattice
/// (lattice_palette.h): grey unknown, green acceptable, vermillion not acceptable, purple known
/// without checking; a pale green for acceptable without checking, Okabe-Ito blue for the other
/// choices and yellow for the best.
[[nodiscard]] QColor transformationColor(TransformationState state, const QPalette& palette);
/// The legend's name of a state, for people who are not privacy experts.
[[nodiscard]] QString transformationStateName(TransformationState state);

} // namespace qiscout::ui
