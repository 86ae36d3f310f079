// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>

#include <QApplication>
#include <QStringList>

#include "qiscout/ui/command_line_options.h"
#include "qiscout/ui/main_window.h"

#include "gui_automation.h"

int main(int argc, char** argv)
{
    // Parsed before QApplication exists, so --help and --version work without a display.
    QStringList arguments;
    for (int index = 0; index < argc; ++index)
        arguments << QString::fromLocal8Bit(argv[index]);
    const auto parsed = qiscout::ui::parseCommandLine(arguments);
    if (!parsed.options) {
        std::fputs(qPrintable(parsed.output), parsed.exitCode == 0 ? stdout : stderr);
        return parsed.exitCode;
    }

    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QIScout"));
    QApplication::setOrganizationName(QStringLiteral("QIScout"));
    QApplication::setApplicationVersion(QStringLiteral(QISCOUT_VERSION));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("qiscout")));

    qiscout::ui::MainWindow window;
    if (parsed.options->windowSize)
        window.resize(*parsed.options->windowSize);
    window.show();
    qiscout::app::GuiAutomation automation(window, *parsed.options);
    automation.start();
    return QApplication::exec();
}
