// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QString>

#include "qiscout/core/report/report.h"

class QWidget;

namespace qiscout::ui {

/// File > Export report...: asks for a file name (HTML, PDF, JSON or CSV, by filter or
/// extension; the dialog asks before overwriting), builds the report and writes it atomically.
/// Errors are shown in a message box. The lattice picture (a grab of the lattice view) goes into
/// HTML and PDF reports when not null. Returns the written path, or an empty string when the user
/// cancelled or writing failed.
QString exportReportInteractively(QWidget* parent, const core::ReportInput& input, const QImage& latticePicture,
                                  const core::ReportOptions& options = {});

} // namespace qiscout::ui
