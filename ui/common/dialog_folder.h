// SPDX-License-Identifier: GPL-3.0-or-later
// Where a file dialog starts: the folder of the last file a dialog of the same kind opened or saved.
#pragma once

#include <QString>

namespace qiscout::ui {

/// Tables, projects and exported lists share one folder; hierarchy files usually live apart.
enum class DialogFolder { Data, Hierarchies };

/// The folder the next dialog of this kind starts in (empty before the first: the dialog's default).
[[nodiscard]] QString dialogFolder(DialogFolder kind);

/// Remembers the folder of a file the user just chose, for the next dialog of this kind.
void rememberDialogFolder(DialogFolder kind, const QString& chosenFile);

} // namespace qiscout::ui
