// SPDX-License-Identifier: GPL-3.0-or-later
#include <QApplication>

#include "qiscout/ui/main_window.h"

int main(int argc, char** argv)
{
    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QIScout"));
    QApplication::setOrganizationName(QStringLiteral("QIScout"));
    QApplication::setApplicationVersion(QStringLiteral(QISCOUT_VERSION));

    qiscout::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
