// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QTimer>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

#include "common/latest_run.h"

namespace qiscout::ui {

class EventBuffer;

/// One search to run: parameters plus the strategy.
struct SearchRequest {
    core::SearchParameters parameters;
    core::Algorithm algorithm = core::Algorithm::Auto;
};

/// Runs the engine off the GUI thread (LatestRun), one search at a time, and reports its progress
/// as batched signals at about 20 Hz. Starting while a search runs cancels it first; results of a
/// superseded search are dropped.
/// Thread: lives on the GUI thread; the engine runs on its LatestRun's thread.
class SearchController : public QObject {
    Q_OBJECT

public:
    explicit SearchController(QObject* parent = nullptr);
    ~SearchController() override;

    /// The table later searches run on; cancels a running search.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    [[nodiscard]] const std::shared_ptr<const core::EncodedTable>& table() const { return m_table; }

    /// Starts a search now, cancelling (and superseding) any running one.
    void start(const SearchRequest& request);
    /// Starts after a 150 ms quiet period; repeated calls within it restart the wait. Used for
    /// parameter edits, so typing "12" in the k box runs once.
    void restartDebounced(const SearchRequest& request);
    /// Requests the running search to stop; it reports searchCancelled with what it settled.
    void cancel();

    /// True from start() until searchFinished/searchCancelled/searchFailed of the latest search.
    [[nodiscard]] bool isRunning() const { return m_run.isRunning(); }

Q_SIGNALS:
    /// A search was started; it runs once a search it supersedes has returned.
    void searchStarted(core::ColumnSet searchedColumns, int maxSetSize, quint64 k);
    /// Engine events since the last report, in order, with the latest totals.
    void eventsReported(std::shared_ptr<const std::vector<core::NodeEvent>> events, core::SearchCounters counters);
    /// The latest search completed.
    void searchFinished(std::shared_ptr<const core::SearchResult> result);
    /// The latest search was cancelled by cancel(); the result holds what was settled.
    void searchCancelled(std::shared_ptr<const core::SearchResult> partialResult);
    /// The latest search could not run (invalid parameters, ...).
    void searchFailed(const QString& message);
    /// isRunning() changed: a search started, or the latest one ended in any way (also when
    /// setTable dropped it without a result).
    void runningChanged(bool running);

private:
    struct Output {
        std::shared_ptr<const core::SearchResult> result;
        QString error;
    };

    void drain();
    void ended(Output output);

    std::shared_ptr<const core::EncodedTable> m_table;
    /// The latest search's events, until drain() takes them.
    std::shared_ptr<EventBuffer> m_buffer;
    std::optional<SearchRequest> m_debounced;
    QTimer m_debounceTimer;
    bool m_cancelRequested = false;
    LatestRun<Output> m_run;
};

} // namespace qiscout::ui
