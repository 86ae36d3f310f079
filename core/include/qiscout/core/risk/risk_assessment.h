// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

#include "qiscout/core/risk/risk_parameters.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/table/missing_semantics.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// How the risk measures match missing cells, whatever a search used: as values. The population
/// models, the marketer risk and SUDA's minimal sample uniques are defined on groups of equal rows,
/// so every measure of one assessment keeps to those groups rather than mixing two semantics.
inline constexpr MissingSemantics riskMissingSemantics = MissingSemantics::Value;

/// A model of population uniqueness, as ARX names them.
enum class PopulationModel {
    Pitman, ///< Pitman's sampling formula (Hoshino 2001)
    Zayatz, ///< Zayatz 1991, from the sample's equivalence classes
    Snb,    ///< the slide negative binomial model (Chen and Keller-McNulty 1998)
};

/// The models' names, as ARX and the literature write them.
inline constexpr std::array<EnumName<PopulationModel>, 3> populationModelNames{{
    {PopulationModel::Pitman, "Pitman"},
    {PopulationModel::Zayatz, "Zayatz"},
    {PopulationModel::Snb, "SNB"},
}};

[[nodiscard]] const char* toString(PopulationModel model);

/// How many people in the population are unique on the key columns, as shares of the population
/// (rows / sampling fraction people), estimated the way ARX estimates them.
struct PopulationUniqueness {
    /// Unset when the model's solver found no valid estimate (ARX then shows none either).
    std::optional<double> pitman;
    std::optional<double> zayatz;
    std::optional<double> snb;
    /// Dankar et al.'s decision rule: Pitman (Zayatz when Pitman fails) for sampling fractions up
    /// to 0.1, else the smaller of Zayatz and SNB. Unset when the chosen model failed too.
    std::optional<double> dankar;
    /// The model the rule chose; unset when the sample has no unique row, so that every model
    /// estimates 0.
    std::optional<PopulationModel> dankarModel;
    double populationSize = 0;
};

/// Risks that follow from the sample's classes on the key columns alone.
struct SampleRisk {
    /// Classes of rows with equal values on every key column (missing values are values here).
    std::uint64_t classes = 0;
    /// Rows alone in their class.
    std::uint64_t sampleUniques = 0;
    /// Prosecutor risk 1 / f_k: highest and average over the rows.
    double highestProsecutorRisk = 0;
    double averageProsecutorRisk = 0;
    /// Rows in classes of at most k rows (prosecutor risk at least 1 / k).
    std::uint64_t recordsAtRisk = 0;
    /// Expected re-identifications per row when an intruder matches every row: classes / rows.
    double marketerRisk = 0;
};

/// sdcMicro's global risk: the individual risks summed (expected re-identifications) and per row.
struct GlobalRisk {
    double expectedReidentifications = 0;
    double risk = 0;
};

/// The table-wide figures of SUDA, as sdcMicro's suda2() reports them.
struct SudaSummary {
    /// The M of the score weights: the number of key columns, at least 3 (sdcMicro pads one or
    /// two key columns with constant ones).
    int scoredColumns = 0;
    /// Key column -> percent of the summed SUDA scores its MSUs carry (the percentages of one
    /// table can add up to more than 100: an MSU of several columns counts for each).
    std::vector<double> attributeContributions;
    /// Key column -> code -> percent of that column's contribution carried by rows holding that
    /// value (0 for missing values, which are no items).
    std::vector<std::vector<double>> levelContributions;
    /// MSU size - 1 -> MSUs of that size in the table.
    std::vector<std::uint64_t> msusBySize;
    /// The largest MSU size searched when RiskParameters::maxMsuSize left larger ones out (it is
    /// below the number of key columns); unset when every size was searched. With a bound the MSUs
    /// up to it are exactly the unbounded search's, so each SUDA score is a lower bound of the
    /// unbounded one; DIS-SUDA scores and the contributions, relative to all scores, are no bounds.
    std::optional<int> maxMsuSize;
    /// The probability that a sample unique is a population unique, from which DIS-SUDA scales.
    double disProbability = 0;
};

/// Per-record and table-wide re-identification risk of a table on its key columns.
struct RiskAssessment {
    /// Table columns, ascending.
    std::vector<int> keyColumns;
    std::optional<int> weightColumn;
    double samplingFraction = 0;
    std::uint64_t k = 1;
    SudaScoring scoring = SudaScoring::Elliot;
    std::uint32_t rowCount = 0;

    /// Row -> f_k, the rows sharing its key values.
    std::vector<std::uint32_t> classSizes;
    /// Row -> 1 / f_k.
    std::vector<double> prosecutorRisk;
    /// Row -> SUDA score and DIS-SUDA score (sdcMicro's score and disScore).
    std::vector<double> sudaScores;
    std::vector<double> disSudaScores;
    /// Row-major rows x keyColumns: the share of the row's SUDA score carried by the MSUs that
    /// contain each key column (sdcMicro's contributionPercent, a fraction; 0 for a score of 0).
    std::vector<double> columnContributions;
    /// Row -> F_k, the summed weights of its class; empty for an unweighted sample.
    std::vector<double> populationClassSizes;
    /// Row -> individual risk: Benedetti-Franconi for a weighted sample (sdcMicro's indivRisk,
    /// method "approx"), 1 / f_k otherwise.
    std::vector<double> individualRisk;

    SampleRisk sample;
    PopulationUniqueness population;
    GlobalRisk global;
    SudaSummary suda;

    /// False when stop was requested: the figures are then not to be used.
    bool complete = true;
    double seconds = 0;
    /// CPU seconds of the whole process (every thread) while the SUDA scores were computed: the
    /// part of the assessment that compares with sdcMicro's suda2.
    double sudaCpuSeconds = 0;

    /// The share of row's SUDA score carried by the key column at keyIndex.
    [[nodiscard]] double contribution(std::uint32_t row, std::size_t keyIndex) const
    {
        return columnContributions[std::size_t{row} * keyColumns.size() + keyIndex];
    }
    /// Index in keyColumns of the column contributing most to the row's SUDA score; unset when
    /// the score is 0. Ties go to the earlier column.
    [[nodiscard]] std::optional<std::size_t> topContributor(std::uint32_t row) const;
    /// The `count` riskiest rows: by SUDA score, then individual risk (both descending), then row.
    [[nodiscard]] std::vector<std::uint32_t> riskiestRows(std::size_t count) const;
};

/// Progress of a running assessment, read by another thread (a GUI timer).
struct RiskProgress {
    /// The MSU search's items of the whole table done, each weighed by its expected cost (a
    /// coarse share of the work), out of `total` (0 until known).
    std::atomic<std::uint64_t> done{0};
    std::atomic<std::uint64_t> total{0};
};

/// Assesses `table` on parameters.keyColumns. Throws RiskParameterError for parameters or a weight
/// column it cannot use. Runs in a task arena of parameters.threads workers; polls `stop`.
/// Thread: call from one thread; it blocks until done.
[[nodiscard]] RiskAssessment assessRisk(const EncodedTable& table, const RiskParameters& parameters,
                                        std::stop_token stop = {}, RiskProgress* progress = nullptr);

} // namespace qiscout::core
