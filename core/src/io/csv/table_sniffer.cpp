// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/csv/table_sniffer.h"

#include <algorithm>
#include <array>

#include "io/csv/csv_tokenizer.h"
#include "io/reading/type_inference.h"

namespace qiscout::core {
namespace {

constexpr std::size_t sniffRecords = 100;
constexpr std::size_t sniffColumns = 4097;

/// The sampled records as unquoted text, at most sniffRecords of them, complete ones only.
std::vector<std::vector<std::string>> sampleRecords(std::string_view sample, bool sampleIsWhole, char delimiter)
{
    std::vector<std::vector<std::string>> records;
    std::vector<FieldSpan> spans(sniffColumns);
    std::string scratch;
    std::size_t pos = 0;
    while (pos < sample.size() && records.size() < sniffRecords) {
        const RecordScan scan =
            scanRecord(sample.data(), pos, sample.size(), sampleIsWhole, delimiter, spans.data(), spans.size(), pos);
        if (scan.status != RecordStatus::Complete)
            break;
        auto& fields = records.emplace_back();
        for (std::size_t i = 0; i < std::min(scan.fieldCount, spans.size()); ++i) {
            const std::string_view raw = sample.substr(pos + spans[i].begin, spans[i].end - spans[i].begin);
            fields.emplace_back(unquoteField(raw, scratch));
        }
        if (scan.fieldCount > spans.size())
            fields.resize(scan.fieldCount);
        pos = scan.next;
    }
    return records;
}

} // namespace

char sniffDelimiter(std::string_view sample, bool sampleIsWhole)
{
    static constexpr std::array<char, 4> candidates = {',', '\t', ';', '|'};
    char best = ',';
    double bestAgreement = 0.0;
    std::size_t bestFields = 1;
    for (const char candidate : candidates) {
        const auto records = sampleRecords(sample, sampleIsWhole, candidate);
        if (records.empty() || records.front().size() < 2)
            continue;
        const std::size_t fields = records.front().size();
        const auto agreeing = std::count_if(records.begin(), records.end(),
                                            [fields](const auto& record) { return record.size() == fields; });
        const double agreement = static_cast<double>(agreeing) / static_cast<double>(records.size());
        if (agreement > bestAgreement || (agreement == bestAgreement && fields > bestFields)) {
            best = candidate;
            bestAgreement = agreement;
            bestFields = fields;
        }
    }
    return best;
}

bool sniffHeader(std::string_view sample, bool sampleIsWhole, char delimiter,
                 const std::vector<std::string>& missingTokens)
{
    const auto records = sampleRecords(sample, sampleIsWhole, delimiter);
    if (records.size() < 2)
        return true;
    const auto isMissing = [&missingTokens](const std::string& text) {
        return std::find(missingTokens.begin(), missingTokens.end(), text) != missingTokens.end();
    };
    int votes = 0;
    const auto& first = records.front();
    for (std::size_t column = 0; column < first.size(); ++column) {
        bool anyValue = false;
        bool allNumbers = true;
        bool firstRecurs = false;
        for (std::size_t r = 1; r < records.size(); ++r) {
            if (column >= records[r].size() || isMissing(records[r][column]))
                continue;
            anyValue = true;
            allNumbers = allNumbers && looksLikeNumber(records[r][column]);
            firstRecurs = firstRecurs || records[r][column] == first[column];
        }
        if (!anyValue || isMissing(first[column]))
            continue;
        if (allNumbers)
            votes += looksLikeNumber(first[column]) ? -1 : 1;
        else if (firstRecurs)
            votes -= 1;
    }
    return votes >= 0;
}

} // namespace qiscout::core
