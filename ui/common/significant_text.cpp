// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/significant_text.h"

#include <algorithm>
#include <cmath>

#include <QLocale>

namespace qiscout::ui {

QString significantText(double value, int digits)
{
    const QLocale locale;
    if (value == 0.0 || !std::isfinite(value))
        return locale.toString(value);
    const double magnitude = std::floor(std::log10(std::abs(value)));
    const int decimals = std::max(0, digits - 1 - static_cast<int>(magnitude));
    QString text = locale.toString(value, 'f', decimals);
    // Trailing zeros after the point say nothing 'g' would have said ("0.5", not "0.5000").
    if (decimals > 0) {
        const QString point = locale.decimalPoint();
        while (text.endsWith(locale.zeroDigit()))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

} // namespace qiscout::ui
