// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <memory>

#include <QtGlobal>

#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/risk/risk_histogram.h"
#include "qiscout/core/util/enum_names.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// The per-record scores the histogram can show.
enum class RecordRiskMeasure {
    DisSuda,        ///< DIS-SUDA: the probability of a correct match, binned as sdcMicro prints it
    Suda,           ///< the SUDA score itself
    IndividualRisk, ///< Benedetti-Franconi for a weighted sample, 1 / class size otherwise
};

/// The measures in the order the view offers them, with their (untranslated) names.
inline constexpr std::array<core::EnumName<RecordRiskMeasure>, 3> recordRiskMeasureNames{{
    {RecordRiskMeasure::DisSuda, QT_TRANSLATE_NOOP("RecordRiskHistogramChart", "DIS-SUDA score")},
    {RecordRiskMeasure::Suda, QT_TRANSLATE_NOOP("RecordRiskHistogramChart", "SUDA score")},
    {RecordRiskMeasure::IndividualRisk, QT_TRANSLATE_NOOP("RecordRiskHistogramChart", "Individual risk")},
}};

/// How many records fall in each range of one per-record risk score.
class RecordRiskHistogramChart : public ChartWidget {
    Q_OBJECT

public:
    explicit RecordRiskHistogramChart(QWidget* parent = nullptr);

    void setAssessment(std::shared_ptr<const core::RiskAssessment> assessment);
    void setMeasure(RecordRiskMeasure measure);
    void clear();

    [[nodiscard]] RecordRiskMeasure measure() const { return m_measure; }
    /// The bins shown; for tests.
    [[nodiscard]] const core::RiskHistogram& histogram() const { return m_histogram; }
    /// The measure's translated name.
    [[nodiscard]] static QString measureName(RecordRiskMeasure measure);

protected:
    void colourSeries() override;

private:
    void rebuild();

    std::shared_ptr<const core::RiskAssessment> m_assessment;
    RecordRiskMeasure m_measure = RecordRiskMeasure::DisSuda;
    core::RiskHistogram m_histogram;
};

} // namespace qiscout::ui
