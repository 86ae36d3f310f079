// SPDX-License-Identifier: GPL-3.0-or-later
// Writes an encoded table as an SPSS, Stata or SAS file through ReadStat's writer.
#pragma once

#include <functional>
#include <stop_token>
#include <string_view>

#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/table/encoded_table.h"

#include "io/statistical/statistical_file_format.h"

namespace qiscout::core {

/// Writes `table` in `format`, handing the bytes to `sink` in order (see writeTable for what is
/// kept). `describe` names the target in error messages. Throws FileWriteError (with `describe`
/// as its path), WriteCancelled on a stop; exceptions thrown by `sink` pass through.
TableWriteReport writeStatisticalFile(const EncodedTable& table, StatisticalFileFormat format,
                                      const std::function<void(std::string_view)>& sink,
                                      const std::filesystem::path& describe, std::stop_token stop = {});

} // namespace qiscout::core
