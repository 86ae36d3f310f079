// SPDX-License-Identifier: GPL-3.0-or-later
// One fuzz input through the project file reader (#19), shared by the libFuzzer target and the
// regression replay test so a saved input replays exactly as it was found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "qiscout/core/project/project_file.h"

namespace qiscout::fuzz {

[[noreturn]] inline void projectInvariantBroken()
{
    __builtin_trap();
}

inline bool sameProject(const core::Project& a, const core::Project& b)
{
    return a.tablePath == b.tablePath && a.loadOptions.delimiter == b.loadOptions.delimiter &&
           a.loadOptions.hasHeader == b.loadOptions.hasHeader &&
           a.loadOptions.missingTokens == b.loadOptions.missingTokens &&
           a.loadOptions.encoding == b.loadOptions.encoding &&
           a.loadOptions.skipRaggedRows == b.loadOptions.skipRaggedRows && a.roles == b.roles &&
           a.parameters.k == b.parameters.k && a.parameters.threads == b.parameters.threads &&
           a.parameters.batchSize == b.parameters.batchSize && a.parameters.maxSetSize == b.parameters.maxSetSize &&
           a.algorithm == b.algorithm;
}

/// Reads the bytes as a project file: it is refused with a ProjectError (any other exception
/// escapes and is a finding), or what was read writes back to JSON that reads back the same.
inline void runProjectInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    core::Project project;
    try {
        project = core::projectFromJson(text);
    } catch (const core::ProjectError&) {
        return;
    }
    if (!sameProject(project, core::projectFromJson(core::projectToJson(project))))
        projectInvariantBroken();
}

} // namespace qiscout::fuzz
