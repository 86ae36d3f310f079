// SPDX-License-Identifier: GPL-3.0-or-later
// #19 case 5: the anonymiser polls the stop token, so a stop in the middle of a search that would
// run for seconds ends it within a second.
#include <chrono>
#include <future>
#include <memory>
#include <sstream>
#include <stop_token>
#include <thread>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/synthetic_table.h"

#include "support/loader_test_support.h"

using namespace qiscout::core;
using Clock = std::chrono::steady_clock;

namespace {

/// Tells the test when the search has checked its first transformations.
class FirstBatchObserver final : public AnonymizationObserver {
public:
    void transformationsReported(std::span<const TransformationEvent>, const AnonymizationCounters&) override
    {
        if (!m_told) {
            m_told = true;
            m_started.set_value();
        }
    }
    std::future<void> started() { return m_started.get_future(); }

private:
    bool m_told = false;
    std::promise<void> m_started;
};

} // namespace

TEST_CASE("A stop in the middle of an anonymisation ends it within a second", "[anonymization][robust]")
{
    // 60,000 rows and 7 quasi-identifiers with automatic hierarchies: the whole search takes about
    // 6 s of processor time in an optimised build (the CLI test cli_stops_anonymizing uses the same
    // table), so the stop comes long before its end.
    std::ostringstream csv;
    writeSyntheticTable(csv, SyntheticTableShape{60000, 8, 1});
    const qiscout::test::TempFile file(csv.str());
    const EncodedTable table = loadTable(file.path());
    AnonymizationParameters parameters;
    for (int column = 0; column < 7; ++column)
        parameters.quasiIdentifiers.push_back(
            {column, automaticHierarchy(table.columns[static_cast<std::size_t>(column)]), "automatic"});
    parameters.models.push_back(std::make_shared<KAnonymity>(5));
    parameters.suppressionLimit = 0.05;
    parameters.metric = UtilityMetric::Loss;
    parameters.threads = 2;

    std::stop_source source;
    FirstBatchObserver observer;
    Clock::time_point stopped;
    std::jthread stopper([&source, &stopped, started = observer.started()] {
        // Bounded, so that a search that never reports fails the test instead of hanging it.
        started.wait_for(std::chrono::minutes(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stopped = Clock::now();
        source.request_stop();
    });
    const AnonymizationResult result = runAnonymization(table, parameters, source.get_token(), observer);
    const Clock::time_point returned = Clock::now();
    stopper.join();

    REQUIRE_FALSE(result.complete);
    REQUIRE(result.stats.checked > 0);
    REQUIRE(result.stats.checked < result.lattice.size());
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(returned - stopped);
    INFO("the search ended " << took.count() << " ms after the stop, having checked " << result.stats.checked << " of "
                             << result.lattice.size() << " transformations");
    REQUIRE(took < std::chrono::seconds(1));
}
