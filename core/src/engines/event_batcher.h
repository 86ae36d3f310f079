// SPDX-License-Identifier: GPL-3.0-or-later
// The quasi-identifier searches' event batcher.
#pragma once

#include "qiscout/core/engines/search_observer.h"

#include "util/event_batcher.h"

namespace qiscout::core {

/// Batches a search's node events for its SearchObserver (see util/event_batcher.h).
using SearchEventBatcher = EventBatcher<SearchObserver, NodeEvent, SearchCounters, &SearchObserver::eventsReported>;

} // namespace qiscout::core
