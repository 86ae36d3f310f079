// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/set_details_controller.h"

namespace qiscout::ui {

SetDetailsController::SetDetailsController(QObject* parent)
    : QObject(parent)
    , m_run(this, nullptr, [this](const SetClasses& classes) {
        if (classes.complete)
            Q_EMIT classesReady(classes);
    })
{}

SetDetailsController::~SetDetailsController() = default;

void SetDetailsController::request(std::shared_ptr<const core::EncodedTable> table, core::ColumnSet set,
                                   std::uint64_t k, core::MissingSemantics semantics)
{
    m_run.start([table = std::move(table), set, k, semantics](std::stop_token stop) {
        return computeSetClasses(*table, set, k, std::move(stop), semantics);
    });
}

void SetDetailsController::cancel()
{
    m_run.discard();
}

} // namespace qiscout::ui
