// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/stale_notice.h"

#include <QCoreApplication>

namespace qiscout::ui {

QString staleNotice(const QString& reason, const QString& runAgain)
{
    return QStringLiteral("<b style='color:#d55e00'>%1</b> %2 <a href=\"run\">%3</a>")
        .arg(QCoreApplication::translate("StaleNotice", "Out of date:"), reason.toHtmlEscaped(),
             runAgain.toHtmlEscaped());
}

} // namespace qiscout::ui
