// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/discharge_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "table/split_mix64.h"

namespace qiscout::core {
namespace {

/// A value and its weight among the values of a coded column.
struct DischargeCode {
    const char* text;
    double weight;
};

/// Draws one of `codes` in proportion to the weights.
template <std::size_t N>
const char* drawDischargeCode(SplitMix64& random, const std::array<DischargeCode, N>& codes)
{
    double total = 0.0;
    for (const DischargeCode& code : codes)
        total += code.weight;
    double u = random.uniform() * total;
    for (const DischargeCode& code : codes) {
        if (u < code.weight)
            return code.text;
        u -= code.weight;
    }
    return codes.back().text;
}

constexpr std::array<DischargeCode, 5> dischargeAdmissionTypes{
    {{"1", 0.55}, {"2", 0.18}, {"3", 0.24}, {"5", 0.015}, {"9", 0.015}}};
constexpr std::array<DischargeCode, 9> dischargeAdmissionSources{{{"1", 0.45},
                                                                  {"2", 0.2},
                                                                  {"4", 0.08},
                                                                  {"5", 0.04},
                                                                  {"6", 0.03},
                                                                  {"7", 0.15},
                                                                  {"8", 0.01},
                                                                  {"9", 0.02},
                                                                  {"3", 0.01}}};
constexpr std::array<DischargeCode, 17> dischargePatientStatuses{{{"01", 0.62},
                                                                  {"06", 0.12},
                                                                  {"03", 0.09},
                                                                  {"62", 0.03},
                                                                  {"20", 0.025},
                                                                  {"02", 0.02},
                                                                  {"50", 0.02},
                                                                  {"07", 0.015},
                                                                  {"51", 0.01},
                                                                  {"05", 0.008},
                                                                  {"04", 0.006},
                                                                  {"63", 0.006},
                                                                  {"65", 0.005},
                                                                  {"43", 0.003},
                                                                  {"61", 0.003},
                                                                  {"66", 0.002},
                                                                  {"30", 0.002}}};
constexpr std::array<DischargeCode, 3> dischargeSexes{{{"F", 0.56}, {"M", 0.4395}, {"U", 0.0005}}};
constexpr std::array<DischargeCode, 5> dischargeRaces{
    {{"4", 0.62}, {"3", 0.15}, {"5", 0.19}, {"2", 0.03}, {"1", 0.01}}};
constexpr std::array<DischargeCode, 2> dischargeEthnicities{{{"2", 0.68}, {"1", 0.32}}};
constexpr std::array<DischargeCode, 7> dischargeWeekdays{
    {{"1", 0.10}, {"2", 0.17}, {"3", 0.17}, {"4", 0.16}, {"5", 0.16}, {"6", 0.15}, {"7", 0.09}}};
constexpr std::array<DischargeCode, 4> dischargeQuarters{
    {{"2015Q1", 0.25}, {"2015Q2", 0.25}, {"2015Q3", 0.26}, {"2015Q4", 0.24}}};
// Newborns ("00") come separately; children, adults in five-year groups, and the codes the public
// file uses for the rare ages it hides (22-26).
constexpr std::array<DischargeCode, 26> dischargeAges{
    {{"01", 0.010}, {"02", 0.008}, {"03", 0.008}, {"04", 0.012}, {"05", 0.035}, {"06", 0.050}, {"07", 0.060},
     {"08", 0.055}, {"09", 0.045}, {"10", 0.040}, {"11", 0.045}, {"12", 0.055}, {"13", 0.065}, {"14", 0.070},
     {"15", 0.075}, {"16", 0.075}, {"17", 0.070}, {"18", 0.060}, {"19", 0.050}, {"20", 0.035}, {"21", 0.025},
     {"22", 0.002}, {"23", 0.001}, {"24", 0.001}, {"25", 0.001}, {"26", 0.001}}};

/// Days in hospital: log-normal around 3 days, longer for the old, and 1 stay in 300 anything up
/// to a year.
std::uint32_t drawLengthOfStay(SplitMix64& random, int ageCode)
{
    if (random.uniform() < 1.0 / 300.0)
        return 30 + random.below(336);
    const double u1 = std::max(random.uniform(), 1e-12);
    const double u2 = random.uniform();
    const double normal = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
    const double mean = std::log(2.6) + (ageCode >= 17 ? 0.3 : 0.0);
    const double days = std::exp(mean + 0.85 * normal);
    return static_cast<std::uint32_t>(std::clamp(std::ceil(days), 1.0, 365.0));
}

} // namespace

EncodedTable makeDischargeTable(const DischargeTableShape& shape)
{
    SplitMix64 random(shape.seed);
    std::vector<std::vector<std::string>> rows;
    rows.reserve(shape.rows);
    for (std::uint32_t r = 0; r < shape.rows; ++r) {
        const bool newborn = random.uniform() < 0.08;
        const std::string age = newborn ? "00" : drawDischargeCode(random, dischargeAges);
        const int ageCode = std::stoi(age);
        std::string status = drawDischargeCode(random, dischargePatientStatuses);
        // Deaths and nursing homes are mostly among the old.
        if ((status == "20" || status == "03") && ageCode < 15 && random.uniform() < 0.8)
            status = "01";
        rows.push_back({newborn ? "4" : drawDischargeCode(random, dischargeAdmissionTypes),
                        newborn ? "5" : drawDischargeCode(random, dischargeAdmissionSources), status,
                        drawDischargeCode(random, dischargeSexes), drawDischargeCode(random, dischargeRaces),
                        drawDischargeCode(random, dischargeEthnicities), drawDischargeCode(random, dischargeWeekdays),
                        drawDischargeCode(random, dischargeQuarters), std::to_string(drawLengthOfStay(random, ageCode)),
                        age});
    }
    EncodedTable table = encodeRows({"TYPE_OF_ADMISSION", "SOURCE_OF_ADMISSION", "PAT_STATUS", "SEX_CODE", "RACE",
                                     "ETHNICITY", "ADMIT_WEEKDAY", "DISCHARGE", "LENGTH_OF_STAY", "PAT_AGE"},
                                    rows);
    for (const std::size_t column : std::array<std::size_t, 8>{0, 1, 2, 4, 5, 6, 8, 9})
        table.columns[column].type = ColumnType::Integer;
    table.sourcePath = "discharge-" + std::to_string(shape.seed) + ".csv";
    return table;
}

} // namespace qiscout::core
