// SPDX-License-Identifier: GPL-3.0-or-later
#include <random>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/report/risk_json.h"
#include "qiscout/core/util/cancellation.h"

#include "report/risk_json_value.h"

using namespace qiscout::core;

namespace {

/// The document as one nlohmann value, the way riskToJson built it before it wrote records as text.
std::string riskJsonAsOneDocument(const RiskAssessment& risk, const RiskJsonContext& context)
{
    nlohmann::ordered_json document = riskSummaryJson(risk, context.columnNames);
    document["source"] = context.sourcePath;
    document["records"] = riskRecordsJson(risk);
    document["stats"] = {{"seconds", risk.seconds}, {"load_seconds", context.loadSeconds}};
    return document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace

TEST_CASE("The risk JSON written record by record is the document written whole", "[report][risk][json]")
{
    std::mt19937 random(39);
    const int rows = GENERATE(0, 1, 7, 300);
    const bool weighted = GENERATE(false, true);
    std::vector<std::vector<std::string>> cells;
    for (int row = 0; row < rows; ++row) {
        cells.push_back({std::to_string(random() % 3), std::to_string(random() % 4), std::to_string(random() % 2 + 1)});
    }
    const EncodedTable table = encodeRows({"a", "b", "w"}, cells);
    RiskParameters parameters;
    parameters.keyColumns = ColumnSet::firstN(2);
    if (weighted)
        parameters.weightColumn = 2;
    RiskAssessment risk;
    if (rows > 0)
        risk = assessRisk(table, parameters);
    INFO(rows << " rows, weighted " << weighted);
    // A source whose name holds what marks the records' place, a quote and a line break.
    const RiskJsonContext context{{"a", "b", "w"}, "x\n  \"records\": \"qiscout-risk-records\".csv", 0.25};
    CHECK(riskToJson(risk, context) == riskJsonAsOneDocument(risk, context));
}

TEST_CASE("The risk JSON stops when asked", "[report][risk][json][cancel]")
{
    // #39 item 8: risk on 3M rows ended 1.43-1.75 s after SIGTERM, building a 611 MB document.
    std::vector<std::vector<std::string>> cells(40'000, {"1", "2"});
    const EncodedTable table = encodeRows({"a", "b"}, cells);
    RiskParameters parameters;
    parameters.keyColumns = ColumnSet::firstN(2);
    const RiskAssessment risk = assessRisk(table, parameters);
    std::stop_source source;
    source.request_stop();
    CHECK_THROWS_AS(riskToJson(risk, {{"a", "b"}, "t.csv", 0.0}, source.get_token()), OperationCancelled);
}
