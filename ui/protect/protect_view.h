// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <QWidget>

#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/report/report.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QToolButton;
QT_END_NAMESPACE

namespace qiscout::ui {

class ClassSizeHistogramChart;
class DetailLostChart;
class DlInferencePanel;
class DlInferenceRunner;
class HierarchyEditor;
class LossProfileView;
class PrivacySettingsPanel;
class ProtectedTableModel;
class ProtectionController;
class ProtectionSummaryView;
class TransformationChoicesView;
class TransformationLatticeView;
struct DlInferenceOutcome;
struct ProtectionOutcome;

/// The Protect step (#15): from the quasi-identifiers found to a table in which nobody stands
/// out. The columns to coarsen and their hierarchies on the left (Columns, Privacy), the outcome on
/// the right (summary, charts, the protected table, the other good choices) above the live
/// transformation lattice, folded until opened (#35), and a bar to run, stop, export and go back.
/// Thread: GUI thread; the search runs in its ProtectionController.
class ProtectView : public QWidget {
    Q_OBJECT

public:
    explicit ProtectView(QWidget* parent = nullptr);
    ~ProtectView() override;

    /// A new table (or none): forgets the set-up, the run and its outcome.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    /// Sets the view up from the search's findings, once per table: the candidate columns with
    /// automatic hierarchies and a suggested k (see suggestProtection). Later calls keep what the
    /// user changed.
    void prepare(const std::vector<core::ColumnRole>& roles, const core::SearchResult* findings, std::uint64_t searchK);
    /// Whether the view holds a set-up for the table (prepared, or restored from a project).
    [[nodiscard]] bool hasSetup() const { return m_prepared; }
    /// The set-up as edited, with the transformation shown (if it is not the optimum).
    [[nodiscard]] core::ProtectionSettings settings() const;
    /// Shows a saved set-up (a project's) instead of a suggestion.
    void setSettings(const core::ProtectionSettings& settings);
    /// Coarsens a column by a hierarchy file, or by its automatic hierarchy when `path` is empty
    /// (the command line's --qi); returns an empty string or the reason it failed.
    QString useHierarchy(const QString& columnName, const QString& path);

    /// Runs the search with the current set-up.
    void protect();
    void cancel();
    /// What an exported file does with the suppressed rows (#33): leaves them out, the safer
    /// default, or keeps them as rows of "*" in every coarsened column.
    enum class SuppressedRows { LeftOut, KeptAsStars };
    /// Writes the shown protected table, atomically, in the format its extension names (CSV unless
    /// .tsv, .sav or .dta); false with the reason in `error`. (d, l)-inference's removed rows are
    /// always left out.
    bool exportTable(const QString& path, QString* error = nullptr,
                     SuppressedRows suppressed = SuppressedRows::LeftOut);
    /// Adds the shown outcome to a report: its "Protection applied" section (naming the file the
    /// table was last exported to, if it was this outcome) and the release whose FFD-attack verdict
    /// the dependencies section gives. False, and `input` unchanged, without a finished outcome.
    bool describeProtection(core::ReportInput& input) const;
    /// What changed since the shown outcome was found (hierarchies, privacy or dependency-attack
    /// settings), in words; empty while it is current (#33). An out-of-date outcome is neither
    /// exported nor reported.
    [[nodiscard]] const QString& staleReason() const { return m_staleReason; }
    /// Whether the findings a report needs exist (the window's search has finished): enables the
    /// report button together with an outcome.
    void setReportAvailable(bool available);

    [[nodiscard]] ProtectionController* controller() const { return m_controller; }
    [[nodiscard]] HierarchyEditor* hierarchyEditor() const { return m_editor; }
    [[nodiscard]] PrivacySettingsPanel* privacyPanel() const { return m_privacy; }
    [[nodiscard]] TransformationLatticeView* latticeView() const { return m_lattice; }
    /// Opens and folds the lattice below the result (folded at first).
    [[nodiscard]] QToolButton* latticeToggle() const { return m_latticeToggle; }
    [[nodiscard]] ProtectionSummaryView* summaryView() const { return m_summary; }
    [[nodiscard]] TransformationChoicesView* choicesView() const { return m_choices; }
    [[nodiscard]] ProtectedTableModel* protectedTableModel() const { return m_tableModel; }
    [[nodiscard]] QTabWidget* resultTabs() const { return m_resultTabs; }
    [[nodiscard]] DetailLostChart* detailLostChart() const { return m_lossChart; }
    [[nodiscard]] LossProfileView* lossProfileView() const { return m_lossProfile; }
    [[nodiscard]] DlInferencePanel* dlInferencePanel() const { return m_dlPanel; }
    [[nodiscard]] QTabWidget* setupTabs() const { return m_setupTabs; }
    /// The (d, l)-inference anonymisation shown, if that is what the view shows.
    [[nodiscard]] std::shared_ptr<const DlInferenceOutcome> dlInferenceOutcome() const
    {
        return m_showingDl ? m_dlOutcome : nullptr;
    }
    [[nodiscard]] QPushButton* protectButton() const { return m_protectButton; }
    [[nodiscard]] QPushButton* reportButton() const { return m_reportButton; }
    [[nodiscard]] QPushButton* exportButton() const { return m_exportButton; }

Q_SIGNALS:
    /// The user wants to go back to the quasi-identifier findings.
    void backRequested();
    /// The search ended (complete or stopped).
    void protectionEnded(bool complete);
    /// The protection could not run or its outcome could not be worked out.
    void protectionFailed(const QString& message);
    /// The outcome of a transformation (the optimum or one picked) is shown.
    void outcomeShown();
    /// The set-up changed (for the project's unsaved-changes state).
    void settingsEdited();
    /// The user wants the report with the protection shown (see describeProtection).
    void reportRequested();
    /// A (d, l)-inference anonymisation is shown.
    void dlInferenceShown();

private:
    void createWidgets();
    void updateActions();
    void updateProtectButton();
    /// Gives the Privacy tab's keep ranking the columns ticked under Columns.
    void updateKeepOrder();
    /// Gives the Columns tab's checklist the height of whole rows.
    void fitColumnChecklist();
    /// After a set-up edit: an outcome shown becomes out of date, saying what changed.
    void markStale(const QString& reason);
    void searchStarted();
    /// Whether the latest search's lattice is beyond the exact search's reach (#40).
    [[nodiscard]] bool searchedHeuristically() const;
    void showProgress(std::uint64_t checked, std::uint64_t tagged, std::uint64_t size, double seconds);
    void searchFinished();
    void showOutcome(const ProtectionOutcome& outcome);
    void chooseExport();
    /// Publishes the ticked columns with the Dependency attack tab's (d, l)-inference, k as the
    /// smallest group.
    void runDlInference();
    void showDlInference(const std::shared_ptr<const DlInferenceOutcome>& outcome);

    std::shared_ptr<const core::EncodedTable> m_table;
    ProtectionController* m_controller = nullptr;
    HierarchyEditor* m_editor = nullptr;
    PrivacySettingsPanel* m_privacy = nullptr;
    TransformationLatticeView* m_lattice = nullptr;
    QToolButton* m_latticeToggle = nullptr;
    /// What the lattice's colours mean (m_latticeLegend), or why no lattice is drawn (#40).
    QLabel* m_latticeMeaning = nullptr;
    QString m_latticeLegend;
    ProtectionSummaryView* m_summary = nullptr;
    TransformationChoicesView* m_choices = nullptr;
    ClassSizeHistogramChart* m_beforeChart = nullptr;
    ClassSizeHistogramChart* m_afterChart = nullptr;
    DetailLostChart* m_lossChart = nullptr;
    LossProfileView* m_lossProfile = nullptr;
    ProtectedTableModel* m_tableModel = nullptr;
    QTableView* m_tableView = nullptr;
    QTabWidget* m_resultTabs = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QPushButton* m_protectButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QPushButton* m_reportButton = nullptr;
    QTabWidget* m_setupTabs = nullptr;
    DlInferencePanel* m_dlPanel = nullptr;
    DlInferenceRunner* m_dlRunner = nullptr;
    std::shared_ptr<const DlInferenceOutcome> m_dlOutcome;
    /// The view shows m_dlOutcome rather than the lattice search's outcome.
    bool m_showingDl = false;
    bool m_prepared = false;
    QString m_staleReason;
    bool m_reportAvailable = false;
    /// The outcome last exported and where to.
    std::pair<std::shared_ptr<const ProtectionOutcome>, QString> m_exported;
    SuppressedRows m_exportedSuppressed = SuppressedRows::LeftOut;
    /// The transformation shown when it is not the optimum (saved with the project).
    std::optional<std::vector<int>> m_chosenLevels;
    /// Transformations in the latest search's lattice.
    std::uint64_t m_latticeSize = 0;
};

} // namespace qiscout::ui
