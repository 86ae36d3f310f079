// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>

#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

namespace qiscout::ui {

/// A --qi option: a column to coarsen, with a hierarchy file or (empty) the automatic hierarchy.
struct QuasiIdentifierOption {
    QString column;
    QString hierarchyFile;
    friend bool operator==(const QuasiIdentifierOption&, const QuasiIdentifierOption&) = default;
};

/// What the command line asks the GUI to do: `qiscout [FILE] [--k K] [--threads T] [--run]
/// [--protect [--qi COLUMN[=HIERARCHY.csv]]...] [--risk] [--screenshot PNG] [--window-size WxH] [--quit]`.
struct CommandLineOptions {
    /// A table or a project file to open; empty for the welcome page.
    QString file;
    std::optional<quint64> k;
    std::optional<int> threads;
    /// Run the analysis as soon as the file is loaded.
    bool run = false;
    /// Find the quasi-identifiers at k = K, then protect the table so that nobody is in a group of
    /// K or fewer rows ((K + 1)-anonymity), and show the outcome.
    bool protect = false;
    /// Find the quasi-identifiers, then assess the record-level risk on the columns they involve
    /// and show it.
    bool risk = false;
    /// The columns --protect coarsens (all candidates, with suggested hierarchies, when empty).
    QList<QuasiIdentifierOption> quasiIdentifiers;
    /// Save a picture of the main window here when the run finishes.
    QString screenshot;
    /// The main window's size instead of the one remembered from the last session (screenshots).
    std::optional<QSize> windowSize;
    /// Exit when the run (and screenshot) is done; the exit code says whether it succeeded.
    bool quit = false;
};

/// The parse's outcome: options to act on, or text to print and an exit code (--help,
/// --version, errors).
struct CommandLineParseResult {
    std::optional<CommandLineOptions> options;
    /// For stdout when exitCode is 0, for stderr otherwise.
    QString output;
    int exitCode = 0;
};

/// Parses the arguments, argv[0] included. Needs no QApplication, so --help and --version work
/// without a display.
[[nodiscard]] CommandLineParseResult parseCommandLine(const QStringList& arguments);

} // namespace qiscout::ui
