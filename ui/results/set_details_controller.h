// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>

#include <QObject>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

#include "common/latest_run.h"
#include "results/set_classes.h"

namespace qiscout::ui {

/// Works out the groups of one selected column set (and the rows they isolate) on a worker from
/// Qt's thread pool, one set at a time: a new request stops the one running and drops its answer.
/// Thread: lives on the GUI thread; computeSetClasses runs on a pool thread.
class SetDetailsController : public QObject {
    Q_OBJECT

public:
    explicit SetDetailsController(QObject* parent = nullptr);
    ~SetDetailsController() override;

    /// Starts computing the classes of `set`, missing cells matching as `semantics` says (the search's
    /// semantics, so the details agree with it); classesReady follows unless cancelled or superseded.
    void request(std::shared_ptr<const core::EncodedTable> table, core::ColumnSet set, std::uint64_t k,
                 core::MissingSemantics semantics);
    /// Stops the running computation; no classesReady follows for it.
    void cancel();

Q_SIGNALS:
    /// The classes of the latest requested set.
    void classesReady(const qiscout::ui::SetClasses& classes);

private:
    LatestRun<SetClasses> m_run;
};

} // namespace qiscout::ui
