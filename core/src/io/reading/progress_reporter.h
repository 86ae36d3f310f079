// SPDX-License-Identifier: GPL-3.0-or-later
// Rate-limited progress for every reader.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "qiscout/core/io/table_loader.h"

namespace qiscout::core {

/// Reports progress at most once per step (and 1% of the total) and once at the end. A total of 0
/// means unknown: progress then goes out as (done, 0) and ends as (done, done).
class ProgressReporter {
public:
    ProgressReporter(const LoadProgress& progress, std::uint64_t total, std::size_t step)
        : m_progress(progress)
        , m_total(total)
        , m_step(std::max<std::uint64_t>({total / 100, step, 1}))
    {}

    void advance(std::uint64_t done)
    {
        m_done = done;
        if (m_progress && done - m_last >= m_step && (m_total == 0 || done < m_total)) {
            m_last = done;
            m_progress(done, m_total);
        }
    }

    void finish()
    {
        if (m_progress) {
            const std::uint64_t total = m_total == 0 ? m_done : m_total;
            m_progress(total, total);
        }
    }

private:
    const LoadProgress& m_progress;
    std::uint64_t m_total;
    std::uint64_t m_step;
    std::uint64_t m_last = 0;
    std::uint64_t m_done = 0;
};

} // namespace qiscout::core
