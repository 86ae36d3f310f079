// SPDX-License-Identifier: GPL-3.0-or-later
// Column sets as the GUI shows them: core's one naming convention, as QStrings.
#pragma once

#include <QString>
#include <QStringList>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::ui {

/// The labels of a set's columns (core::columnLabel: the name, or "#N" counted from 1).
[[nodiscard]] QStringList columnLabels(const core::ColumnSet& set, const QStringList& columnNames);
/// "{age, sex}", exactly as reports and the command line write it (core::describe).
[[nodiscard]] QString describeSet(const core::ColumnSet& set, const QStringList& columnNames);

} // namespace qiscout::ui
