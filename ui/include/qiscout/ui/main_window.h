// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QElapsedTimer>
#include <QMainWindow>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/ui/command_line_options.h"

QT_BEGIN_NAMESPACE
class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QScrollArea;
class QProgressDialog;
class QStackedWidget;
QT_END_NAMESPACE

namespace qiscout::core {
struct ReportInput;
} // namespace qiscout::core

namespace qiscout::ui {

class ClassSizeHistogramChart;
class ColumnDangerChart;
class ColumnPanel;
class EvaluationRateChart;
class FindingsSummaryController;
class LatticeView;
class MinimalSetsBySizeChart;
class ParametersPanel;
class ProjectSession;
class ProtectView;
class ResultsPanel;
class RiskView;
class SearchController;
class SetDetailsController;
class TableLoadController;
class UserGuide;
class RowsPanel;
class WelcomePage;
struct LoadFailure;
struct SetClasses;
struct SearchRequest;
struct Setup;

/// QIScout's main window: welcome page, then the table, its columns, the parameters, the live
/// lattice, the results and the charts. Owns the load and search controllers.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Asks how to read the file (import dialog), then loads it in the background.
    void openTable(const QString& path);
    /// Loads a table in the background with these options, without asking; the progress names
    /// shownPath, or the file's name when it is empty.
    void loadTable(const QString& path, const core::LoadOptions& options, const QString& shownPath = {});
    /// Opens a .qiscout project: loads its table, then applies its roles and parameters.
    void openProject(const QString& path);
    /// Writes the current file, import options, roles and parameters; false (after telling the
    /// user) when it fails.
    bool saveProject(const QString& path);
    /// Opens a table with the default import options, or a .qiscout project, without asking.
    void openWithoutAsking(const QString& path);
    /// File > New: after asking about unsaved changes or a running analysis, forgets the table
    /// and the project and shows the start page.
    void startOver();
    /// Runs the analysis on the current table, roles and parameters.
    void runAnalysis();
    void cancelAnalysis();
    /// Sets the group size k as if typed, without restarting a running analysis.
    void setGroupSize(quint64 k);
    /// Sets the number of worker threads as if typed, without restarting a running analysis.
    void setThreadCount(int threads);
    /// Shows the Protect step for the current table, set up from the latest findings the first
    /// time (#15); the findings' docks are hidden meanwhile.
    void showProtect();
    /// Shows the Risk step (#16): record-level and population risk on the key columns, set up from
    /// the roles and the latest findings; the findings' docks are hidden meanwhile.
    void showRisk();
    /// Opens the Risk step and assesses with its settings (command-line automation). Ends in
    /// riskShown or analysisFailed.
    void assessRisk();
    /// Back from the Protect or Risk step to the findings.
    void showFindings();
    /// Opens the Protect step and runs it (command-line automation): coarsens exactly `columns`
    /// (each by its hierarchy file, or automatically when it names none) or, when empty, the
    /// suggested ones; if k is given, so that nobody is in a group of k or fewer rows. Ends in
    /// protectionShown or analysisFailed.
    void protect(const QList<QuasiIdentifierOption>& columns, std::optional<quint64> k);
    /// Unattended (command-line automation with --quit): failures are only signalled through
    /// openFailed and analysisFailed, never shown in a message box that would wait for a click,
    /// and whatever would ask the user first (a project's table outside its folder, a database
    /// server) is refused through openFailed without being read.
    void setUnattended(bool unattended);

    [[nodiscard]] const std::shared_ptr<const core::EncodedTable>& table() const { return m_table; }
    /// The latest finished search's answer, if any.
    [[nodiscard]] const std::shared_ptr<const core::SearchResult>& lastResult() const { return m_lastResult; }

    [[nodiscard]] SearchController* searchController() const { return m_search; }
    [[nodiscard]] TableLoadController* loadController() const { return m_loader; }
    [[nodiscard]] ColumnPanel* columnPanel() const { return m_columns; }
    [[nodiscard]] ParametersPanel* parametersPanel() const { return m_parameters; }
    [[nodiscard]] ResultsPanel* resultsPanel() const { return m_results; }
    [[nodiscard]] RowsPanel* rowsPanel() const { return m_rows; }
    [[nodiscard]] LatticeView* latticeView() const { return m_lattice; }
    [[nodiscard]] ProtectView* protectView() const { return m_protect; }
    [[nodiscard]] RiskView* riskView() const { return m_risk; }
    /// What File > Export Report writes (after a finished search), the same from every view (#33):
    /// the findings, the protection the Protect step shows ("Protection applied", the FFD-attack
    /// verdict) and the record risk the Risk step shows, each only while current.
    [[nodiscard]] core::ReportInput reportToExport() const;
    /// What changed since the shown findings were found (roles, k, missing cells, largest
    /// combination), in words; empty while they are current or while a search runs.
    [[nodiscard]] QString findingsStaleReason() const;
    /// Why a report cannot be exported now: each view whose result is out of date, with what
    /// changed; empty when everything shown is current.
    [[nodiscard]] QString exportRefusal() const;

Q_SIGNALS:
    /// A table finished loading and is shown.
    void tableShown();
    /// The table view now shows the rows a set isolates (after the background computation).
    void rowFilterApplied(core::ColumnSet set);
    /// A table or project could not be opened (error, or loading cancelled).
    void openFailed(const QString& message);
    /// The latest analysis ended: completed, or cancelled with what it had settled.
    void analysisEnded(bool complete);
    /// What the latest complete analysis means ("What this means") is shown, after analysisEnded.
    void findingsShown();
    /// The analysis could not start or run (nothing to search, invalid parameters...).
    void analysisFailed(const QString& message);
    /// The Protect step shows the outcome of its run.
    void protectionShown();
    /// The Risk step shows the assessment of its run.
    void riskShown();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createWidgets();
    void createActions();
    void createMenus();
    void showWelcome();
    void showWorkspace();
    void openFile(const QString& path);
    void chooseTable();
    /// Asks for a PostgreSQL connection string, then imports from that server.
    void chooseDatabase();
    void chooseProject();
    /// Closes the project being opened and signals openFailed with `message`: what an unattended
    /// run does where the user would have been asked.
    void refuseUnattended(const QString& message);
    bool saveProjectAs();
    void openSample();
    void updateRecentFiles();
    void updateActions();
    void restartIfRunning();
    void rememberRequest(const SearchRequest& request);
    void exportReport();
    /// The last run as the report sees it.
    [[nodiscard]] core::ReportInput reportInput() const;
    /// Before a run, the lattice follows the roles and the largest combination as they change.
    void showSearchSpace();
    void showUserGuide();
    /// Shows a step's page in place of the findings, hiding the docks (restored by showFindings).
    void showStepPage(QWidget* page);
    /// "project (table) — QIScout", with Qt's mark for unsaved changes.
    void updateWindowTitle();
    /// True when nothing would be lost now (no unsaved role or parameter change, no running
    /// analysis) or the user has just agreed. Otherwise asks, window-modal and without a nested
    /// event loop (Save / Discard / Cancel), returns false and, after Save or Discard, calls
    /// `retry`, which asks this again and gets true.
    [[nodiscard]] bool mayDiscard(const QString& title, const std::function<void()>& retry);
    /// Shows a table (or none) in every view, with no results yet.
    void showTable(std::shared_ptr<const core::EncodedTable> table);
    [[nodiscard]] std::optional<SearchRequest> currentRequest(bool tellUser);
    [[nodiscard]] QStringList columnNames() const;
    [[nodiscard]] Setup currentSetup() const;

    void tableLoaded(std::shared_ptr<const core::EncodedTable> table, const QString& path,
                     const core::LoadOptions& options);
    void loadFailed(const LoadFailure& failure);
    void searchStarted(core::ColumnSet columns, int maxSetSize, quint64 k);
    void eventsReported(std::shared_ptr<const std::vector<core::NodeEvent>> events, core::SearchCounters counters);
    void searchEnded(std::shared_ptr<const core::SearchResult> result);
    void searchFailed(const QString& message);
    /// Clears the status bar's "analysing again" once the run it announced is over.
    void clearRerunNotice();
    void showSetDetails(core::ColumnSet set);
    void clearRowFilter();
    void showWarning(const QString& title, const QString& message);

    QStackedWidget* m_stack = nullptr;
    WelcomePage* m_welcome = nullptr;
    QWidget* m_workspace = nullptr;
    ProtectView* m_protect = nullptr;
    /// The page of the stack that scrolls m_protect.
    QScrollArea* m_protectPage = nullptr;
    RiskView* m_risk = nullptr;
    QScrollArea* m_riskPage = nullptr;
    /// Which docks were open when the Protect or Risk step or the start page hid them.
    QList<bool> m_docksBeforeStep;
    LatticeView* m_lattice = nullptr;
    RowsPanel* m_rows = nullptr;
    ColumnPanel* m_columns = nullptr;
    ParametersPanel* m_parameters = nullptr;
    ResultsPanel* m_results = nullptr;
    MinimalSetsBySizeChart* m_bySizeChart = nullptr;
    ColumnDangerChart* m_dangerChart = nullptr;
    EvaluationRateChart* m_rateChart = nullptr;
    ClassSizeHistogramChart* m_histogram = nullptr;
    QList<QDockWidget*> m_docks;
    QLabel* m_progressLabel = nullptr;
    QProgressBar* m_busyBar = nullptr;
    QProgressDialog* m_loadProgress = nullptr;

    QAction* m_newAction = nullptr;
    QAction* m_openTableAction = nullptr;
    QAction* m_openProjectAction = nullptr;
    QAction* m_saveProjectAction = nullptr;
    QAction* m_saveProjectAsAction = nullptr;
    QAction* m_sampleAction = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_clearFilterAction = nullptr;
    QAction* m_exportReportAction = nullptr;
    QAction* m_protectAction = nullptr;
    QAction* m_riskAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;

    TableLoadController* m_loader = nullptr;
    SearchController* m_search = nullptr;

    std::shared_ptr<const core::EncodedTable> m_table;
    QString m_tablePath;
    core::LoadOptions m_loadOptions;
    std::unique_ptr<ProjectSession> m_project;
    std::shared_ptr<const core::SearchResult> m_lastResult;
    // What the latest search was asked for, for the report.
    std::vector<core::ColumnRole> m_runRoles;
    core::SearchParameters m_runParameters;
    core::Algorithm m_runAlgorithm = core::Algorithm::Auto;
    QElapsedTimer m_loadClock;
    double m_loadSeconds = 0.0;
    bool m_unattended = false;
    /// The user agreed to lose the changes (mayDiscard), for the one action being retried.
    bool m_discardConfirmed = false;
    SetDetailsController* m_details = nullptr;
    FindingsSummaryController* m_findings = nullptr;
    UserGuide* m_guide = nullptr;
    bool m_layoutRestored = false;
    /// The status bar's message while a project's analysis runs again, until that run ends.
    QString m_rerunNotice;
};

} // namespace qiscout::ui
