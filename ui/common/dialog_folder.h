// SPDX-License-Identifier: GPL-3.0-or-later
// Where a file dialog starts: the folder of the last file a dialog of the same kind opened or saved.
#pragma once

#include <QString>

namespace qiscout::ui {

/// Tables and projects opened share one folder; what QIScout writes (projects, reports, exported
/// lists and tables) another, since the data often lies in a shared or read-only folder (#35);
/// hierarchy files usually live apart.
enum class DialogFolder { Data, Outputs, Hierarchies };

/// The folder the next dialog of this kind starts in (empty before the first: the dialog's default).
[[nodiscard]] QString dialogFolder(DialogFolder kind);

/// Remembers the folder of a file the user just chose, for the next dialog of this kind.
void rememberDialogFolder(DialogFolder kind, const QString& chosenFile);

/// Where a save dialog proposes to write `fileName`: in the folder of the last file written, or
/// in `firstFolder` before anything was (empty: the working folder).
[[nodiscard]] QString outputSuggestion(const QString& fileName, const QString& firstFolder = {});

} // namespace qiscout::ui
