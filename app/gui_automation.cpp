// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui_automation.h"

#include <algorithm>
#include <cstdio>

#include <QCoreApplication>
#include <QTimer>

#include "qiscout/ui/main_window.h"

namespace qiscout::app {
namespace {

// Delay before --screenshot grabs the window, so the last batched repaint has been laid out.
constexpr int screenshotDelayMs = 300;

} // namespace

GuiAutomation::GuiAutomation(ui::MainWindow& window, ui::CommandLineOptions options)
    : m_window(window)
    , m_options(std::move(options))
{
    connect(&m_window, &ui::MainWindow::tableShown, this, &GuiAutomation::tableShown);
    connect(&m_window, &ui::MainWindow::openFailed, this, [this](const QString& message) { finish(1, message); });
    connect(&m_window, &ui::MainWindow::analysisFailed, this, [this](const QString& message) { finish(1, message); });
    connect(&m_window, &ui::MainWindow::analysisEnded, this, [this](bool complete) {
        if (m_active && m_options.protect)
            m_window.protect(m_options.quasiIdentifiers, m_options.k);
        else if (m_active && m_options.risk)
            m_window.assessRisk();
        else if (m_active && m_options.run && !complete)
            captureAndFinish();
    });
    // A completed run is pictured once "What this means" is shown too (it follows a moment later).
    connect(&m_window, &ui::MainWindow::findingsShown, this, [this] {
        if (m_active && m_options.run && !m_options.protect && !m_options.risk)
            captureAndFinish();
    });
    connect(&m_window, &ui::MainWindow::protectionShown, this, [this] {
        if (m_active && m_options.protect)
            captureAndFinish();
    });
    connect(&m_window, &ui::MainWindow::riskShown, this, [this] {
        if (m_active && m_options.risk)
            captureAndFinish();
    });
}

void GuiAutomation::start()
{
    if (m_options.file.isEmpty())
        return;
    m_active = true;
    m_window.setUnattended(m_options.quit);
    m_window.openWithoutAsking(m_options.file);
}

void GuiAutomation::tableShown()
{
    if (!m_active)
        return;
    if (m_options.k)
        // One k (#33): K is the search's k, and --protect asks that nobody is in a group of K or fewer.
        m_window.setGroupSize(*m_options.k);
    if (m_options.threads)
        m_window.setThreadCount(*m_options.threads);
    if (m_options.run || m_options.protect || m_options.risk)
        m_window.runAnalysis();
    else
        captureAndFinish();
}

void GuiAutomation::captureAndFinish()
{
    QTimer::singleShot(screenshotDelayMs, this, [this] {
        if (!m_options.screenshot.isEmpty() && !m_window.grab().save(m_options.screenshot))
            finish(1, tr("Cannot write the screenshot %1.").arg(m_options.screenshot));
        else
            finish(0, {});
    });
}

void GuiAutomation::finish(int exitCode, const QString& message)
{
    if (!m_active)
        return;
    m_active = false;
    m_window.setUnattended(false);
    if (!message.isEmpty())
        std::fprintf(stderr, "qiscout: %s\n", qPrintable(message));
    // Queued, so a failure before exec() has started still ends the event loop once it runs.
    if (m_options.quit)
        QMetaObject::invokeMethod(
            QCoreApplication::instance(), [exitCode] { QCoreApplication::exit(exitCode); }, Qt::QueuedConnection);
}

} // namespace qiscout::app
