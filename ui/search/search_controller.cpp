// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/search_controller.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "qiscout/core/engines/search_engine.h"

#include "common/event_batch.h"

namespace qiscout::ui {

/// Collects the engine's events until the GUI's poll takes them.
class EventBuffer final : public core::SearchObserver, public EventBatch<core::NodeEvent, core::SearchCounters> {
public:
    void eventsReported(std::span<const core::NodeEvent> events, const core::SearchCounters& counters) override
    {
        add(events, counters);
    }
};

namespace {

constexpr int debounceMs = 150;

} // namespace

SearchController::SearchController(QObject* parent)
    : QObject(parent)
    , m_run(
          this, [this] { drain(); }, [this](Output output) { ended(std::move(output)); })
{
    m_debounceTimer.setSingleShot(true);
    m_debounceTimer.setInterval(debounceMs);
    connect(&m_debounceTimer, &QTimer::timeout, this, [this] {
        if (m_debounced)
            start(*std::exchange(m_debounced, std::nullopt));
    });
}

SearchController::~SearchController() = default;

void SearchController::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_debounceTimer.stop();
    m_debounced.reset();
    const bool wasRunning = m_run.isRunning();
    m_run.discard();
    m_buffer.reset();
    m_table = std::move(table);
    if (wasRunning)
        Q_EMIT runningChanged(false);
}

void SearchController::start(const SearchRequest& request)
{
    m_debounceTimer.stop();
    m_debounced.reset();
    if (!m_table) {
        Q_EMIT searchFailed(tr("Open a table before running the analysis."));
        return;
    }
    m_cancelRequested = false;
    const bool wasRunning = m_run.isRunning();
    // A fresh buffer: what a superseded search still reports goes to its own, which nobody reads.
    m_buffer = std::make_shared<EventBuffer>();
    const auto columns =
        request.parameters.columns.value_or(core::ColumnSet::firstN(static_cast<int>(m_table->columnCount())));
    const int maxSetSize =
        std::clamp(request.parameters.maxSetSize.value_or(columns.size()), 1, std::max(columns.size(), 1));
    Q_EMIT searchStarted(columns, maxSetSize, request.parameters.k);
    // One engine at a time: LatestRun starts this search once a cancelled one has returned.
    m_run.start([table = m_table, request, buffer = m_buffer](std::stop_token stop) {
        Output output;
        try {
            output.result = std::make_shared<const core::SearchResult>(
                core::runSearch(*table, request.parameters, request.algorithm, std::move(stop), *buffer));
        } catch (const std::exception& exception) {
            output.error = QString::fromUtf8(exception.what());
        }
        return output;
    });
    if (!wasRunning)
        Q_EMIT runningChanged(true);
}

void SearchController::restartDebounced(const SearchRequest& request)
{
    m_debounced = request;
    m_debounceTimer.start();
}

void SearchController::cancel()
{
    m_debounceTimer.stop();
    m_debounced.reset();
    if (m_run.isRunning()) {
        m_cancelRequested = true;
        m_run.cancel();
    }
}

void SearchController::drain()
{
    if (!m_buffer)
        return;
    auto events = std::make_shared<std::vector<core::NodeEvent>>();
    core::SearchCounters counters;
    if (m_buffer->take(*events, counters))
        Q_EMIT eventsReported(std::move(events), counters);
}

void SearchController::ended(Output output)
{
    m_buffer.reset();
    Q_EMIT runningChanged(false);
    if (!output.error.isEmpty())
        Q_EMIT searchFailed(output.error);
    else if (output.result->complete || !m_cancelRequested)
        Q_EMIT searchFinished(std::move(output.result));
    else
        Q_EMIT searchCancelled(std::move(output.result));
}

} // namespace qiscout::ui
