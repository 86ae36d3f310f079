// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/ui/main_window.h"

namespace qiscout::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("QIScout"));
}

} // namespace qiscout::ui
