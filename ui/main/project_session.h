// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <vector>

#include <QString>

#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/project/project_file.h"
#include "qiscout/core/risk/risk_settings.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

#include "search/search_controller.h"

namespace qiscout::ui {

/// What the user set up for one table: each column's role, the search request and, once the
/// Protect or Risk step was opened, its set-up; and whether it has been analysed.
struct Setup {
    std::vector<core::ColumnRole> roles;
    SearchRequest request;
    std::optional<core::ProtectionSettings> protection;
    std::optional<core::RiskSettings> risk;
    /// A completed analysis of this set-up is shown. Not a change to save: a project stores it
    /// only so that opening it runs the analysis again.
    bool analysed = false;
};

/// The project behind the window: the .qiscout file it was opened from or saved to, the roles and
/// parameters a project restores once its table has loaded (matched by column name), and the
/// set-up as last opened or saved, to tell whether there are unsaved changes.
/// Thread: GUI thread.
class ProjectSession {
public:
    /// The file suffix of projects, without the dot.
    static const QString suffix;
    /// Whether a path names a project file (by its suffix).
    [[nodiscard]] static bool isProjectFile(const QString& path);

    /// Where a project's table is and how to read it.
    struct TableSource {
        QString path;
        core::LoadOptions options;
    };

    /// Reads a project file and keeps its roles and parameters until its table has loaded.
    /// Throws core::ProjectError (nothing changes then).
    [[nodiscard]] TableSource open(const QString& path);
    /// A plain table is being opened: no project any more.
    void close();

    /// For a table that has just loaded: the project's set-up with roles matched by column name
    /// (columns the project does not name are candidates), or nullopt when no project waits for
    /// a table. Either way the set-up the table starts with becomes the saved one.
    [[nodiscard]] std::optional<Setup> restore(const core::EncodedTable& table, const Setup& defaults);

    /// Writes the project: the table's path relative to the project's folder, its import
    /// options, the roles by column name, the parameters and the Protect and Risk set-ups. Throws
    /// core::ProjectError.
    void save(const QString& path, const TableSource& table, const core::EncodedTable& encoded, const Setup& setup);

    /// The project file; empty while the window works on a plain table.
    [[nodiscard]] const QString& path() const { return m_path; }
    /// Where Save As proposes to write: the project file, or the table's name with the suffix.
    [[nodiscard]] QString suggestedPath(const QString& tablePath) const;
    /// Whether this user saved the project at `projectPath` (here, with save()) naming the table
    /// at `tablePath`, both compared resolved: reopening one's own project needs no confirmation
    /// that its table lies outside the project's folder (#35), one edited since to name another
    /// table still does (#19).
    [[nodiscard]] static bool savedHereWith(const QString& projectPath, const QString& tablePath);
    /// Whether this set-up differs from the one last opened or saved.
    [[nodiscard]] bool isModified(const Setup& current) const;

private:
    QString m_path;
    std::optional<core::Project> m_pending;
    std::optional<Setup> m_saved;
};

} // namespace qiscout::ui
