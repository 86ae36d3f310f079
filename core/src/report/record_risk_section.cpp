// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/record_risk_section.h"

#include <algorithm>

#include "report/report_text.h"

namespace qiscout::core {
namespace {

std::string listOf(const std::vector<int>& columns, const std::vector<std::string>& names)
{
    std::string text;
    for (std::size_t i = 0; i < columns.size(); ++i)
        text += (i == 0 ? "" : i + 1 == columns.size() ? " and " : ", ") + names[static_cast<std::size_t>(columns[i])];
    return text;
}

} // namespace

std::vector<std::string> describeRecordRisk(const RiskAssessment& risk, const std::vector<std::string>& columnNames)
{
    std::vector<std::string> sentences;
    const std::string keys = listOf(risk.keyColumns, columnNames);
    const std::uint64_t rows = risk.rowCount;
    if (rows == 0)
        return {"The table has no records."};

    if (risk.sample.sampleUniques > 0) {
        sentences.push_back(groupDigits(risk.sample.sampleUniques) + " of " + groupDigits(rows) + " records (" +
                            percentOf(risk.sample.sampleUniques, rows) + ") are unique on " + keys +
                            ": anyone who knows those values of such a person finds exactly one record.");
    } else {
        const std::uint32_t smallest = *std::min_element(risk.classSizes.begin(), risk.classSizes.end());
        sentences.push_back("No record is unique on " + keys + "; every record shares its values with at least " +
                            groupDigits(smallest - 1) + (smallest == 2 ? " other." : " others."));
    }
    if (risk.k > 1)
        sentences.push_back(groupDigits(risk.sample.recordsAtRisk) + " records (" +
                            percentOf(risk.sample.recordsAtRisk, rows) + ") share their key values with at most " +
                            groupDigits(risk.k - 1) + (risk.k == 2 ? " other record." : " other records."));

    const PopulationUniqueness& population = risk.population;
    if (!population.dankarModel) {
        sentences.push_back("With no unique record in the sample, the population models estimate no one in the "
                            "population to be unique on these columns.");
    } else if (population.dankar) {
        sentences.push_back("About " + sharePercent(*population.dankar) + " of the " +
                            groupDigits(static_cast<std::uint64_t>(population.populationSize + 0.5)) +
                            " people in the population (the table holding " + sharePercent(risk.samplingFraction) +
                            " of them) are estimated to be unique on these columns: a record matching one of them "
                            "points to that person (" +
                            toString(*population.dankarModel) + " model, chosen by Dankar et al.'s rule).");
    } else {
        sentences.push_back("None of the population models found an estimate of population uniqueness for this "
                            "sample.");
    }

    if (risk.suda.maxMsuSize)
        sentences.push_back("SUDA searched minimal sample uniques of at most " +
                            groupDigits(static_cast<std::uint64_t>(*risk.suda.maxMsuSize)) + " of the " +
                            groupDigits(risk.keyColumns.size()) +
                            " key columns; larger ones were not searched, so each SUDA score below is a lower bound "
                            "of the score a search of every size gives, and a unique record whose minimal sample "
                            "uniques are all larger scores 0. DIS-SUDA scores and the contributions are relative to "
                            "these bounded scores and are no bounds.");
    const std::vector<std::uint32_t> riskiest = risk.riskiestRows(1);
    if (riskiest.empty() || risk.sudaScores[riskiest.front()] <= 0) {
        sentences.push_back("No combination of values on the key columns makes a record unique where all its parts "
                            "are shared: every SUDA score is 0.");
    } else {
        const std::uint32_t row = riskiest.front();
        std::string sentence = "Record " + groupDigits(std::uint64_t{row} + 1) + " is the riskiest by SUDA (score " +
                               fourSignificant(risk.sudaScores[row]) + ", DIS-SUDA " +
                               fourSignificant(risk.disSudaScores[row]) + ")";
        if (const std::optional<std::size_t> top = risk.topContributor(row))
            sentence += "; " + columnNames[static_cast<std::size_t>(risk.keyColumns[*top])] + " contributes most to it";
        sentences.push_back(sentence + ".");
        const auto largest =
            std::max_element(risk.suda.attributeContributions.begin(), risk.suda.attributeContributions.end());
        const auto key = static_cast<std::size_t>(largest - risk.suda.attributeContributions.begin());
        sentences.push_back("Across all records, " + columnNames[static_cast<std::size_t>(risk.keyColumns[key])] +
                            " takes part in the minimal sample uniques carrying " + sharePercent(*largest / 100) +
                            " of the summed SUDA scores, more than any other key column.");
    }

    if (risk.weightColumn)
        sentences.push_back(
            "With the sampling weights in " + columnNames[static_cast<std::size_t>(*risk.weightColumn)] +
            ", an intruder would re-identify " + fourSignificant(risk.global.expectedReidentifications) + " records (" +
            sharePercent(risk.global.risk) + ") on average.");
    else
        sentences.push_back("An intruder matching every record against a population that equals the sample would "
                            "re-identify " +
                            sharePercent(risk.sample.marketerRisk) + " of the records on average.");
    return sentences;
}

RecordRiskSection buildRecordRiskSection(std::shared_ptr<const RiskAssessment> assessment, const EncodedTable& table,
                                         std::size_t riskiestLimit, bool includeValues)
{
    RecordRiskSection section;
    const RiskAssessment& risk = *assessment;
    section.summary = describeRecordRisk(risk, table.columnNames());
    section.valuesIncluded = includeValues;
    section.disSudaScores = disSudaHistogram(risk);
    for (const std::uint32_t row : risk.riskiestRows(riskiestLimit)) {
        if (risk.sudaScores[row] <= 0)
            break;
        RiskiestRecord record;
        record.row = row;
        record.sudaScore = risk.sudaScores[row];
        record.disSudaScore = risk.disSudaScores[row];
        record.individualRisk = risk.individualRisk[row];
        record.classSize = risk.classSizes[row];
        if (const std::optional<std::size_t> top = risk.topContributor(row))
            record.topColumn = risk.keyColumns[*top];
        if (includeValues)
            for (const int column : risk.keyColumns)
                record.values.push_back(table.text(row, static_cast<std::size_t>(column)));
        section.riskiest.push_back(std::move(record));
    }
    section.assessment = std::move(assessment);
    return section;
}

} // namespace qiscout::core
