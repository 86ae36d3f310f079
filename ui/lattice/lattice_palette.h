// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

#include "lattice/lattice_state.h"

namespace qiscout::ui {

/// Fill colour of a set state, from the Okabe-Ito colour-blind-safe palette; the neutral
/// "not reached" grey follows the palette's lightness so it reads on light and dark themes.
[[nodiscard]] QColor stateColor(SetState state, const QPalette& palette);
/// Black or white, whichever reads better on the given fill.
[[nodiscard]] QColor textColorOn(const QColor& fill);
/// The legend's name of a state, for people who are not privacy experts.
[[nodiscard]] QString stateName(SetState state);
/// True for dark themes (window colour darker than mid-grey).
[[nodiscard]] bool isDarkPalette(const QPalette& palette);

} // namespace qiscout::ui
