// SPDX-License-Identifier: GPL-3.0-or-later
// Column headers that show their whole name (#35): long names such as TYPE_OF_ADMISSION were cut
// to "PE_OF_ADMISSI" in narrow sections.
#pragma once

class QHeaderView;

namespace qiscout::ui {

/// Keeps every section of `header` (its model set) at least as wide as its label, from the labels
/// alone so that a lazy model of millions of rows is never measured row by row; only sections the
/// user may resize are widened. Hovering a section shows its whole label when the model has no
/// tooltip of its own. Follows later model resets and header changes.
void showWholeHeaderLabels(QHeaderView* header);

} // namespace qiscout::ui
