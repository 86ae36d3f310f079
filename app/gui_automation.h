// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include "qiscout/ui/command_line_options.h"

namespace qiscout::ui {
class MainWindow;
}

namespace qiscout::app {

/// Carries out the GUI's command line on a shown main window: opens FILE without asking, applies
/// --k and --threads, runs the analysis (--run), then protects the table (--protect, with the
/// --qi columns) and shows the outcome, or assesses the record-level risk (--risk), saves a picture of the window
/// (--screenshot) and ends the event loop (--quit) with exit code 0 when all of it worked and 1 otherwise. With --quit
/// nothing waits for a click: failures are printed on stderr instead of shown in message boxes.
/// Thread: GUI thread.
class GuiAutomation : public QObject {
    Q_OBJECT

public:
    GuiAutomation(ui::MainWindow& window, ui::CommandLineOptions options);

    /// Opens the command line's file; without one there is nothing to do.
    void start();

private:
    void tableShown();
    void captureAndFinish();
    void finish(int exitCode, const QString& message);

    ui::MainWindow& m_window;
    ui::CommandLineOptions m_options;
    bool m_active = false;
};

} // namespace qiscout::app
