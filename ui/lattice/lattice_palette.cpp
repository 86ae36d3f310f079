// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/lattice_palette.h"

#include <QCoreApplication>

namespace qiscout::ui {

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor stateColor(SetState state, const QPalette& palette)
{
    switch (state) {
    case SetState::Unreached:
        return isDarkPalette(palette) ? QColor(0x4b, 0x50, 0x58) : QColor(0xd4, 0xd7, 0xdc);
    case SetState::InProgress:
        return QColor(0x56, 0xb4, 0xe9); // sky blue
    case SetState::Safe:
        return QColor(0x00, 0x9e, 0x73); // bluish green
    case SetState::Pruned:
        return QColor(0xcc, 0x79, 0xa7); // reddish purple
    case SetState::Vulnerable:
        return QColor(0xd5, 0x5e, 0x00); // vermillion
    }
    return {};
}

QColor textColorOn(const QColor& fill)
{
    // Relative luminance with the sRGB weights; 0.45 balances the mid-tones of the palette.
    const float luminance = 0.2126F * fill.redF() + 0.7152F * fill.greenF() + 0.0722F * fill.blueF();
    return luminance > 0.45F ? QColor(Qt::black) : QColor(Qt::white);
}

QString stateName(SetState state)
{
    switch (state) {
    case SetState::Unreached:
        return QCoreApplication::translate("LatticeView", "Not checked yet");
    case SetState::InProgress:
        return QCoreApplication::translate("LatticeView", "Being checked");
    case SetState::Safe:
        return QCoreApplication::translate("LatticeView", "Safe");
    case SetState::Pruned:
        return QCoreApplication::translate("LatticeView", "Contains a quasi-identifier (skipped)");
    case SetState::Vulnerable:
        return QCoreApplication::translate("LatticeView", "Quasi-identifier");
    }
    return {};
}

} // namespace qiscout::ui
