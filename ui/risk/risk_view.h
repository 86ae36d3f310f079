// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QWidget>

#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/risk/risk_settings.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QVBoxLayout;
QT_END_NAMESPACE

namespace qiscout::ui {

class AttributeContributionChart;
class RecordRiskHistogramChart;
class RiskController;

/// The "Risk" step (#16): how exposed each record is on the key columns (SUDA, DIS-SUDA,
/// individual risk), which records are riskiest and why, and how many people in the population
/// are likely unique. The assessment runs in a RiskController, cancellable.
class RiskView : public QWidget {
    Q_OBJECT

public:
    explicit RiskView(QWidget* parent = nullptr);
    ~RiskView() override;

    /// The table later assessments run on; clears what the view shows and the key columns chosen.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    /// Key columns from the roles: the quasi-identifier candidates the user ticked (or a project
    /// restored) stay ticked; until then those that take part in the latest findings (all
    /// candidates without findings) are. The first Weight column gives the sampling weights;
    /// records in classes of at most k are at risk; `threads` as the search's (unset: every core).
    void prepare(const std::vector<core::ColumnRole>& roles, const core::SearchResult* lastResult, std::uint64_t k,
                 std::optional<int> threads = std::nullopt);
    /// What an assessment started now would be asked.
    [[nodiscard]] core::RiskParameters parameters() const;
    /// Whether the step has a set-up a project keeps: it was opened for this table, or restored.
    [[nodiscard]] bool hasSetup() const { return m_hasSetup; }
    /// The set-up as a project stores it: key columns by name, share of the population, SUDA weights.
    [[nodiscard]] core::RiskSettings settings() const;
    /// Restores a saved set-up for the current table; its key columns are ticked by name.
    void setSettings(const core::RiskSettings& settings);
    /// Assesses with the settings shown; ends in assessmentShown or assessmentFailed.
    void assess();
    void cancel();
    /// Writes one row of scores per record (the report's per-record table) atomically; the
    /// problem, or an empty string once the file is in place. Refused while out of date.
    [[nodiscard]] QString exportScores(const QString& path) const;
    /// What changed since the shown scores were computed, in words; empty while they are current
    /// (#33). Out-of-date scores are neither exported nor reported.
    [[nodiscard]] const QString& staleReason() const { return m_staleReason; }

    [[nodiscard]] RiskController* controller() const { return m_controller; }
    [[nodiscard]] const std::shared_ptr<const core::RiskAssessment>& assessment() const { return m_assessment; }
    [[nodiscard]] QListWidget* keyColumnList() const { return m_keys; }
    [[nodiscard]] QDoubleSpinBox* samplingPercentBox() const { return m_samplingPercent; }
    [[nodiscard]] QComboBox* scoringBox() const { return m_scoring; }
    /// The largest MSU size SUDA searches; its lowest value, 0, means every size.
    [[nodiscard]] QSpinBox* maxMsuSizeBox() const { return m_maxMsuSize; }
    /// Under it: why a bound is proposed, and that bounded scores are lower bounds.
    [[nodiscard]] QLabel* maxMsuSizeNote() const { return m_maxMsuSizeNote; }
    [[nodiscard]] QComboBox* measureBox() const { return m_measure; }
    [[nodiscard]] RecordRiskHistogramChart* histogramChart() const { return m_histogram; }
    [[nodiscard]] AttributeContributionChart* contributionChart() const { return m_contributions; }
    [[nodiscard]] QTableWidget* riskiestTable() const { return m_riskiest; }
    [[nodiscard]] QCheckBox* showValuesBox() const { return m_showValues; }
    /// The plain-words lines about the population, each with its model in the tooltip.
    [[nodiscard]] QList<QLabel*> populationLines() const;

Q_SIGNALS:
    void backRequested();
    /// The user changed the key columns, the share of the population, the SUDA weights or MSU size
    /// (prepare and setSettings do not emit it).
    void settingsEdited();
    /// An assessment finished and is shown.
    void assessmentShown();
    void assessmentFailed(const QString& message);
    /// The user asked for the report (Export Report…), which carries these scores.
    void reportRequested();

private:
    void createWidgets();
    void showAssessment(std::shared_ptr<const core::RiskAssessment> assessment);
    void showPlainWords();
    void fillRiskiest();
    void clearResults(const QString& status);
    void updateActions();
    void markStale();
    void chooseScoresExport();
    /// Warns under the key columns when the ticked ones make a long run (#35).
    void updateRunWarning();
    /// Until the user sets the largest MSU size, proposes one for many key columns (#37), and says
    /// what a bound means.
    void updateMaxMsuSize();
    [[nodiscard]] QStringList columnNames() const;
    [[nodiscard]] std::vector<std::string> tickedKeyNames() const;

    RiskController* m_controller = nullptr;
    std::shared_ptr<const core::EncodedTable> m_table;
    std::shared_ptr<const core::RiskAssessment> m_assessment;
    std::vector<std::uint32_t> m_riskiestRows;
    std::optional<int> m_weightColumn;
    std::uint64_t m_k = 1;
    std::optional<int> m_threads;
    /// The key columns the user ticked or a project restored, by name; unset: follow the findings.
    std::optional<std::vector<std::string>> m_chosenKeys;
    bool m_hasSetup = false;
    QString m_staleReason;

    QPushButton* m_assessButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_exportReportButton = nullptr;
    QPushButton* m_exportScoresButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    /// Under the key columns: how long a run on them may take, when that is long.
    QLabel* m_runWarning = nullptr;
    /// What the status says while an assessment runs, before the time left.
    QString m_runStatus;
    QElapsedTimer m_runClock;
    QListWidget* m_keys = nullptr;
    QDoubleSpinBox* m_samplingPercent = nullptr;
    QComboBox* m_scoring = nullptr;
    QSpinBox* m_maxMsuSize = nullptr;
    QLabel* m_maxMsuSizeNote = nullptr;
    /// The user or a project set the largest MSU size: it is no longer proposed.
    bool m_maxMsuSizeChosen = false;
    QLabel* m_weightLabel = nullptr;
    /// How the measures match missing cells, and that a wildcard search matched them otherwise.
    QLabel* m_missingCells = nullptr;
    QLabel* m_sampleWords = nullptr;
    QVBoxLayout* m_populationBox = nullptr;
    QComboBox* m_measure = nullptr;
    RecordRiskHistogramChart* m_histogram = nullptr;
    AttributeContributionChart* m_contributions = nullptr;
    QCheckBox* m_showValues = nullptr;
    QTableWidget* m_riskiest = nullptr;
};

} // namespace qiscout::ui
