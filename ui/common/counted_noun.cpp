// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/counted_noun.h"

#include <QLocale>

namespace qiscout::ui {

QString countedNoun(std::uint64_t count, const QString& singular, const QString& plural)
{
    return QLocale().toString(static_cast<qulonglong>(count)) + QLatin1Char(' ') + (count == 1 ? singular : plural);
}

} // namespace qiscout::ui
