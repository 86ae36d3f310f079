// SPDX-License-Identifier: GPL-3.0-or-later
// The anonymisation search's event batcher.
#pragma once

#include "qiscout/core/anonymization/anonymization_observer.h"

#include "util/event_batcher.h"

namespace qiscout::core {

/// Batches the anonymisation search's events for its AnonymizationObserver (see
/// util/event_batcher.h).
using TransformationEventBatcher = EventBatcher<AnonymizationObserver, TransformationEvent, AnonymizationCounters,
                                                &AnonymizationObserver::transformationsReported>;

} // namespace qiscout::core
