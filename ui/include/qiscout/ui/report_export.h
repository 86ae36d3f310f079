// SPDX-License-Identifier: GPL-3.0-or-later
// Writing quasi-identifier reports (#6) in every format, including the PDF that needs Qt Gui.
#pragma once

#include <filesystem>
#include <memory>

#include <QByteArray>
#include <QGuiApplication>
#include <QImage>

#include "qiscout/core/report/report.h"

namespace qiscout::ui {

/// The report as an A4 PDF: the same content as the HTML report, paginated, with page numbers.
/// The lattice picture is included when not null. Needs a QGuiApplication (fonts).
[[nodiscard]] QByteArray renderReportPdf(const core::QiReport& report, const QImage& latticePicture = {});

/// Writes the report to `target` atomically, in the format its extension names (.html .htm .pdf
/// .json .csv). Throws core::FileWriteError when the file cannot be written and
/// std::invalid_argument for an unknown extension. PDF needs a QGuiApplication.
void writeReportFile(const std::filesystem::path& target, const core::QiReport& report,
                     const QImage& latticePicture = {});

/// For command-line use: creates a QGuiApplication on the offscreen platform (unless
/// QT_QPA_PLATFORM says otherwise) when no application object exists yet, and returns it; returns
/// null when one already exists.
[[nodiscard]] std::unique_ptr<QGuiApplication> ensureGuiApplication();

} // namespace qiscout::ui
