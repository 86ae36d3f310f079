// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/transformation_palette.h"

#include <QCoreApplication>

#include "lattice/lattice_palette.h"

namespace qiscout::ui {

QColor transformationColor(TransformationState state, const QPalette& palette)
{
    switch (state) {
    case TransformationState::NotChecked:
        return stateColor(SetState::Unreached, palette);
    case TransformationState::TaggedNotAcceptable:
        return stateColor(SetState::Pruned, palette);
    case TransformationState::TaggedAcceptable: {
        // Halfway between the acceptable green and the background: the same verdict, not checked.
        const QColor green = stateColor(SetState::Safe, palette);
        const QColor base = palette.color(QPalette::Base);
        return QColor((green.red() + base.red()) / 2, (green.green() + base.green()) / 2,
                      (green.blue() + base.blue()) / 2);
    }
    case TransformationState::NotAcceptable:
        return stateColor(SetState::Vulnerable, palette);
    case TransformationState::Acceptable:
        return stateColor(SetState::Safe, palette);
    case TransformationState::Choice:
        return QColor(0x00, 0x72, 0xb2); // blue
    case TransformationState::Best:
        return QColor(0xf0, 0xe4, 0x42); // yellow
    }
    return {};
}

QString transformationStateName(TransformationState state)
{
    switch (state) {
    case TransformationState::NotChecked:
        return QCoreApplication::translate("TransformationLatticeView", "Not checked");
    case TransformationState::TaggedNotAcceptable:
        return QCoreApplication::translate("TransformationLatticeView", "Not enough (known without checking)");
    case TransformationState::TaggedAcceptable:
        return QCoreApplication::translate("TransformationLatticeView", "Enough (known without checking)");
    case TransformationState::NotAcceptable:
        return QCoreApplication::translate("TransformationLatticeView", "Not enough");
    case TransformationState::Acceptable:
        return QCoreApplication::translate("TransformationLatticeView", "Enough");
    case TransformationState::Choice:
        return QCoreApplication::translate("TransformationLatticeView", "Other good choices");
    case TransformationState::Best:
        return QCoreApplication::translate("TransformationLatticeView", "Best");
    }
    return {};
}

} // namespace qiscout::ui
