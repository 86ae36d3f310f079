// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/risk/risk_settings.h"
#include "qiscout/core/table/column_role.h"

namespace qiscout::core {

/// One column's role, recorded by name so a project survives reordered columns.
struct ProjectColumnRole {
    std::string column;
    ColumnRole role = ColumnRole::QuasiIdentifier;

    friend bool operator==(const ProjectColumnRole&, const ProjectColumnRole&) = default;
};

/// Everything needed to redo an analysis: the table, how to read it, the roles and the parameters.
struct Project {
    /// Path of the table; absolute or relative to the project file's folder.
    std::string tablePath;
    LoadOptions loadOptions;
    /// Columns not listed keep the default role (quasi-identifier).
    std::vector<ProjectColumnRole> roles;
    /// `columns` is not stored: the roles decide which columns are searched.
    SearchParameters parameters;
    Algorithm algorithm = Algorithm::Auto;
    /// The Protect step's set-up (columns, hierarchies, models, the chosen transformation), once
    /// the user opened it. Hierarchies are stored in the project, so it needs no other file.
    std::optional<ProtectionSettings> protection;
    /// The Risk step's set-up (key columns, sampling fraction, SUDA scoring), once the user opened it.
    std::optional<RiskSettings> risk;
    /// Whether the set-up had been analysed when the project was saved. Results are not stored:
    /// opening such a project runs the analysis again, on the table as it is then.
    bool analysed = false;
};

/// A project file that cannot be read or understood; what() is a complete sentence.
class ProjectError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Largest project file loadProject reads: a project is a few kilobytes of settings, and a
/// limit keeps a mistaken or hostile path (/dev/zero, a huge file) from filling memory.
inline constexpr std::uint64_t maxProjectFileBytes = std::uint64_t{16} << 20;

/// The project as JSON text (format "qiscout-project", version 1; the "protection" and "risk"
/// objects, protection's "dlInference" and the "analysed" flag are optional, so older readers
/// still open it and projects without them still open). Throws ProjectError when a path or name
/// is not valid UTF-8.
[[nodiscard]] std::string projectToJson(const Project& project);
/// Parses JSON text written by projectToJson. Throws ProjectError.
[[nodiscard]] Project projectFromJson(const std::string& json);

/// Writes the project to a file atomically (the old file stays whole if writing fails). Throws
/// ProjectError.
void saveProject(const std::string& path, const Project& project);
/// Reads a project file (a regular file of at most maxProjectFileBytes); a relative tablePath is
/// resolved against the file's folder. Throws ProjectError.
[[nodiscard]] Project loadProject(const std::string& path);

} // namespace qiscout::core
