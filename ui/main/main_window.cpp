// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: the window's assembly (docks, stacked views, actions, menus, shortcuts) and the
// slots that route one view's signal to the others. The work behind them lives elsewhere
// (ProjectSession, TableLoadController, SearchController, SetDetailsController,
// FindingsSummaryController, RowsPanel, ProtectView); what stays is wiring, and splitting the
// wiring would hide which view talks to which.
#include "qiscout/ui/main_window.h"

#include <algorithm>
#include <utility>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include "qiscout/core/io/reading/source_format.h"

#include "charts/class_size_histogram_chart.h"
#include "charts/column_danger_chart.h"
#include "charts/evaluation_rate_chart.h"
#include "charts/minimal_sets_by_size_chart.h"
#include "columns/column_panel.h"
#include "common/column_set_text.h"
#include "common/counted_noun.h"
#include "common/dialog_folder.h"
#include "common/remaining_time.h"
#include "common/shown_text.h"
#include "import/import_dialog.h"
#include "import/load_failure_text.h"
#include "import/table_load_controller.h"
#include "lattice/lattice_view.h"
#include "main/project_session.h"
#include "main/recent_files.h"
#include "main/sample_locator.h"
#include "main/user_guide.h"
#include "main/welcome_page.h"
#include "parameters/parameters_panel.h"
#include "protect/protect_view.h"
#include "report/report_export_dialog.h"
#include "results/findings_summary_controller.h"
#include "results/results_panel.h"
#include "results/set_classes.h"
#include "results/set_details_controller.h"
#include "risk/risk_view.h"
#include "search/search_controller.h"
#include "table/display_string.h"
#include "table/rows_panel.h"
#include "table/table_model.h"

namespace qiscout::ui {
namespace {

const QString geometryKey = QStringLiteral("window/geometry");
const QString stateKey = QStringLiteral("window/state");
constexpr int loadProgressSteps = 1000;
/// Pixels of the loading dialog's label a path may take.
constexpr int loadLabelWidth = 480;
constexpr int searchProgressSteps = 1000;
/// The first start's window on a screen with room for it.
constexpr QSize preferredWindowSize(1400, 900);
/// What the window manager adds around the window (title bar, borders), which the available
/// geometry does not subtract.
constexpr QSize windowFrameAllowance(16, 48);

/// The first start's window size: the preferred one, shrunk to the screen (#35): 1400 x 900 on a
/// 1024 x 700 screen put the close buttons and the status bar out of reach.
QSize firstStartSize(const QWidget& window)
{
    const QScreen* screen = window.screen();
    if (screen == nullptr)
        return preferredWindowSize;
    return preferredWindowSize.boundedTo(screen->availableGeometry().size() - windowFrameAllowance);
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_project(std::make_unique<ProjectSession>())
{
    setWindowTitle(tr("QIScout"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_loader = new TableLoadController(this);
    m_search = new SearchController(this);
    m_details = new SetDetailsController(this);
    m_findings = new FindingsSummaryController(this);
    createWidgets();
    createActions();
    createMenus();

    connect(m_loader, &TableLoadController::tableLoaded, this, &MainWindow::tableLoaded);
    connect(m_loader, &TableLoadController::loadFailed, this, &MainWindow::loadFailed);
    connect(m_loader, &TableLoadController::loadCancelled, this, [this] {
        m_loadProgress->reset();
        statusBar()->showMessage(tr("Loading cancelled."), 5000);
        Q_EMIT openFailed(tr("Loading was cancelled."));
    });
    connect(m_loader, &TableLoadController::progressChanged, this, [this](quint64 done, quint64 total) {
        if (total > 0)
            m_loadProgress->setValue(static_cast<int>(done * loadProgressSteps / total));
    });
    connect(m_search, &SearchController::searchStarted, this, &MainWindow::searchStarted);
    connect(m_search, &SearchController::eventsReported, this, &MainWindow::eventsReported);
    connect(m_search, &SearchController::searchFinished, this, &MainWindow::searchEnded);
    connect(m_search, &SearchController::searchCancelled, this, &MainWindow::searchEnded);
    connect(m_search, &SearchController::searchFailed, this, &MainWindow::searchFailed);
    connect(m_parameters, &ParametersPanel::parametersEdited, this, &MainWindow::restartIfRunning);
    connect(m_columns, &ColumnPanel::rolesEdited, this, &MainWindow::restartIfRunning);
    connect(m_columns, &ColumnPanel::rolesEdited, this, &MainWindow::showSearchSpace);
    connect(m_columns, &ColumnPanel::rolesEdited, this, [this] { setWindowModified(true); });
    connect(m_parameters, &ParametersPanel::parametersEdited, this, [this] { setWindowModified(true); });
    connect(m_parameters, &ParametersPanel::parametersEdited, this, &MainWindow::showSearchSpace);
    // Results found before an edit are marked out of date, saying what changed (#33).
    const auto refreshStaleness = [this] { m_results->setStale(findingsStaleReason()); };
    connect(m_columns, &ColumnPanel::rolesEdited, this, refreshStaleness);
    connect(m_parameters, &ParametersPanel::parametersEdited, this, refreshStaleness);
    connect(m_results, &ResultsPanel::runRequested, this, &MainWindow::runAnalysis);
    connect(m_findings, &FindingsSummaryController::summaryReady, m_results, &ResultsPanel::setFindingsSummary);
    connect(m_findings, &FindingsSummaryController::summaryReady, this, &MainWindow::findingsShown);
    connect(m_results, &ResultsPanel::setSelected, this, &MainWindow::showSetDetails);
    connect(m_lattice, &LatticeView::setSelected, this, [this](core::ColumnSet set) {
        if (!set.empty() && !m_results->selectSet(set))
            showSetDetails(set);
    });
    connect(m_details, &SetDetailsController::classesReady, this, [this](const SetClasses& classes) {
        const QString description = describeSet(classes.set, columnNames());
        m_rows->showIsolatedRows(classes.set, classes.k, classes.isolatedRows, description, classes.semantics);
        m_clearFilterAction->setEnabled(true);
        m_histogram->setClassSizes(classes.classSizes, classes.k, description, classes.semantics);
    });
    connect(m_search, &SearchController::runningChanged, this, [this](bool running) {
        m_busyBar->setVisible(running);
        updateActions();
    });
    // Window shortcuts win over the editing keys of a focused field (Ctrl+E is "end of line" in a
    // line edit on X11, so it never reached Export while the cursor was in the k box).
    qApp->installEventFilter(this);

    const QSettings settings;
    if (!restoreGeometry(settings.value(geometryKey).toByteArray()))
        resize(firstStartSize(*this));
    showWelcome();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createWidgets()
{
    m_stack = new QStackedWidget(this);
    setCentralWidget(m_stack);

    m_welcome = new WelcomePage(m_stack);
    m_welcome->setSampleAvailable(!sampleTablePath().isEmpty());
    m_stack->addWidget(m_welcome);
    connect(m_welcome, &WelcomePage::openTableRequested, this, &MainWindow::chooseTable);
    connect(m_welcome, &WelcomePage::openProjectRequested, this, &MainWindow::chooseProject);
    connect(m_welcome, &WelcomePage::sampleRequested, this, &MainWindow::openSample);
    connect(m_welcome, &WelcomePage::recentFileRequested, this, &MainWindow::openFile);

    auto* splitter = new QSplitter(Qt::Vertical, m_stack);
    splitter->setObjectName(QStringLiteral("workspaceSplitter"));
    m_workspace = splitter;
    m_lattice = new LatticeView(splitter);
    splitter->addWidget(m_lattice);

    m_rows = new RowsPanel(splitter);
    splitter->addWidget(m_rows);
    connect(m_rows, &RowsPanel::isolatedRowsCleared, this, &MainWindow::clearRowFilter);
    connect(m_rows, &RowsPanel::isolatedRowsShown, this, &MainWindow::rowFilterApplied);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_stack->addWidget(m_workspace);
    m_protect = new ProtectView;
    // The Protect view's controls need more width than a 1024-pixel window has; scrolled, they
    // no longer force the whole window wider than the screen (#14, small windows).
    m_protectPage = new QScrollArea(m_stack);
    m_protectPage->setWidget(m_protect);
    m_protectPage->setWidgetResizable(true);
    m_protectPage->setFrameShape(QFrame::NoFrame);
    m_stack->addWidget(m_protectPage);
    connect(m_protect, &ProtectView::backRequested, this, &MainWindow::showFindings);
    connect(m_protect, &ProtectView::outcomeShown, this, &MainWindow::protectionShown);
    connect(m_protect, &ProtectView::protectionFailed, this, &MainWindow::analysisFailed);
    m_risk = new RiskView;
    m_riskPage = new QScrollArea(m_stack);
    m_riskPage->setWidget(m_risk);
    m_riskPage->setWidgetResizable(true);
    m_riskPage->setFrameShape(QFrame::NoFrame);
    m_stack->addWidget(m_riskPage);
    connect(m_risk, &RiskView::backRequested, this, &MainWindow::showFindings);
    connect(m_risk, &RiskView::assessmentShown, this, &MainWindow::riskShown);
    connect(m_risk, &RiskView::assessmentFailed, this, &MainWindow::analysisFailed);
    connect(m_risk, &RiskView::settingsEdited, this, [this] { setWindowModified(true); });
    connect(m_risk, &RiskView::reportRequested, this, &MainWindow::exportReport);
    connect(m_protect, &ProtectView::reportRequested, this, &MainWindow::exportReport);
    connect(m_protect, &ProtectView::settingsEdited, this, [this] { setWindowModified(true); });

    const auto addDock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(widget);
        addDockWidget(area, dock);
        m_docks << dock;
        return dock;
    };
    m_columns = new ColumnPanel(this);
    m_parameters = new ParametersPanel(this);
    m_results = new ResultsPanel(this);
    auto* charts = new QTabWidget(this);
    charts->setObjectName(QStringLiteral("charts"));
    m_bySizeChart = new MinimalSetsBySizeChart(charts);
    m_dangerChart = new ColumnDangerChart(charts);
    m_rateChart = new EvaluationRateChart(charts);
    m_histogram = new ClassSizeHistogramChart(charts);
    m_histogram->setObjectName(QStringLiteral("classSizeHistogram"));
    charts->addTab(m_bySizeChart, tr("By size"));
    charts->addTab(m_dangerChart, tr("Columns at risk"));
    charts->addTab(m_rateChart, tr("Progress"));
    charts->addTab(m_histogram, tr("Group sizes"));
    connect(this, &MainWindow::rowFilterApplied, charts, [charts, this] { charts->setCurrentWidget(m_histogram); });

    addDock(tr("Columns"), QStringLiteral("columnsDock"), m_columns, Qt::LeftDockWidgetArea);
    addDock(tr("Parameters"), QStringLiteral("parametersDock"), m_parameters, Qt::LeftDockWidgetArea);
    addDock(tr("Quasi-identifiers"), QStringLiteral("resultsDock"), m_results, Qt::RightDockWidgetArea);
    addDock(tr("Charts"), QStringLiteral("chartsDock"), charts, Qt::RightDockWidgetArea);

    m_progressLabel = new QLabel(this);
    m_busyBar = new QProgressBar(this);
    m_busyBar->setObjectName(QStringLiteral("searchBusyBar"));
    m_busyBar->setRange(0, 0);
    m_busyBar->setMaximumWidth(160);
    m_busyBar->hide();
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_busyBar);

    m_loadProgress = new QProgressDialog(tr("Loading the table…"), tr("Cancel"), 0, loadProgressSteps, this);
    m_loadProgress->setWindowTitle(tr("Loading"));
    m_loadProgress->setWindowModality(Qt::WindowModal);
    m_loadProgress->setMinimumDuration(300);
    m_loadProgress->setAutoClose(true);
    m_loadProgress->setAutoReset(false);
    m_loadProgress->reset();
    connect(m_loadProgress, &QProgressDialog::canceled, m_loader, &TableLoadController::cancel);
}

void MainWindow::createActions()
{
    m_newAction = new QAction(style()->standardIcon(QStyle::SP_FileIcon), tr("&New"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setToolTip(tr("Close the table and the project and start again from the start page (Ctrl+N)"));
    connect(m_newAction, &QAction::triggered, this, &MainWindow::startOver);

    m_openTableAction = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open Table…"), this);
    m_openTableAction->setShortcut(QKeySequence::Open);
    m_openTableAction->setToolTip(
        tr("Open a table: CSV or tab-separated text, Excel, SPSS, Stata, SAS or SQLite (Ctrl+O)"));
    connect(m_openTableAction, &QAction::triggered, this, &MainWindow::chooseTable);

    m_openProjectAction = new QAction(style()->standardIcon(QStyle::SP_DirOpenIcon), tr("Open &Project…"), this);
    m_openProjectAction->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    connect(m_openProjectAction, &QAction::triggered, this, &MainWindow::chooseProject);

    m_saveProjectAction = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save Project"), this);
    m_saveProjectAction->setShortcut(QKeySequence::Save);
    m_saveProjectAction->setToolTip(tr("Save the file, import options, roles and parameters (Ctrl+S)"));
    connect(m_saveProjectAction, &QAction::triggered, this, [this] {
        if (m_project->path().isEmpty())
            saveProjectAs();
        else
            saveProject(m_project->path());
    });

    m_saveProjectAsAction = new QAction(tr("Save Project &As…"), this);
    m_saveProjectAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveProjectAsAction, &QAction::triggered, this, &MainWindow::saveProjectAs);

    m_sampleAction = new QAction(tr("Try the &Sample"), this);
    m_sampleAction->setEnabled(!sampleTablePath().isEmpty());
    connect(m_sampleAction, &QAction::triggered, this, &MainWindow::openSample);

    m_runAction = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run Analysis"), this);
    m_runAction->setShortcuts({QKeySequence(tr("Ctrl+R")), QKeySequence(Qt::Key_F5)});
    m_runAction->setToolTip(tr("Find the quasi-identifiers among the candidate columns (Ctrl+R)"));
    connect(m_runAction, &QAction::triggered, this, &MainWindow::runAnalysis);

    m_cancelAction = new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Stop Analysis"), this);
    m_cancelAction->setShortcut(QKeySequence(tr("Ctrl+.")));
    m_cancelAction->setToolTip(tr("Stop the running analysis (Ctrl+.)"));
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancelAnalysis);

    m_exportReportAction = new QAction(tr("&Export Report…"), this);
    m_exportReportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_exportReportAction->setToolTip(tr("Write the findings as HTML, PDF, JSON or CSV (Ctrl+E)"));
    connect(m_exportReportAction, &QAction::triggered, this, &MainWindow::exportReport);

    m_protectAction = new QAction(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("&Protect…"), this);
    m_protectAction->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    m_protectAction->setToolTip(tr("Coarsen the columns until nobody can be singled out, and export the protected "
                                   "table (Ctrl+Shift+P)"));
    connect(m_protectAction, &QAction::triggered, this, &MainWindow::showProtect);

    m_riskAction = new QAction(style()->standardIcon(QStyle::SP_MessageBoxWarning), tr("Record &Risk…"), this);
    m_riskAction->setShortcut(QKeySequence(tr("Ctrl+Shift+K")));
    m_riskAction->setToolTip(tr("Score how exposed each record is and how many people in the population are unique "
                                "(Ctrl+Shift+K)"));
    connect(m_riskAction, &QAction::triggered, this, &MainWindow::showRisk);

    m_clearFilterAction = new QAction(tr("Show &All Rows"), this);
    m_clearFilterAction->setShortcut(QKeySequence(tr("Ctrl+Shift+A")));
    connect(m_clearFilterAction, &QAction::triggered, this, &MainWindow::clearRowFilter);

    auto* toolBar = addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addAction(m_openTableAction);
    toolBar->addAction(m_saveProjectAction);
    toolBar->addSeparator();
    toolBar->addAction(m_runAction);
    toolBar->addAction(m_cancelAction);
    toolBar->addSeparator();
    toolBar->addAction(m_riskAction);
    toolBar->addAction(m_protectAction);
}

void MainWindow::createMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openTableAction);
    file->addAction(tr("Open &Database…"), this, &MainWindow::chooseDatabase);
    file->addAction(m_openProjectAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_sampleAction);
    file->addSeparator();
    file->addAction(m_saveProjectAction);
    file->addAction(m_saveProjectAsAction);
    file->addSeparator();
    file->addAction(m_exportReportAction);
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    updateRecentFiles();

    auto* analysis = menuBar()->addMenu(tr("&Analysis"));
    analysis->addAction(m_runAction);
    analysis->addAction(m_cancelAction);
    analysis->addSeparator();
    analysis->addAction(m_riskAction);
    analysis->addAction(m_protectAction);
    analysis->addSeparator();
    analysis->addAction(m_clearFilterAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (auto* dock : std::as_const(m_docks))
        m_viewMenu->addAction(dock->toggleViewAction());

    auto* help = menuBar()->addMenu(tr("&Help"));
    auto* guide = help->addAction(tr("QIScout &User Guide"), this, &MainWindow::showUserGuide);
    guide->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    help->addAction(tr("&About QIScout"), this, [this] {
        QMessageBox::about(
            this, tr("About QIScout"),
            tr("<h3>QIScout %1</h3>"
               "<p>Finds the quasi-identifiers in a table before it is published: the smallest combinations of "
               "columns on which someone is in a group of at most <i>k</i> people.</p>"
               "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                .arg(QStringLiteral(QISCOUT_VERSION)));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::showUserGuide()
{
    if (m_guide == nullptr)
        m_guide = new UserGuide(this);
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
}

void MainWindow::showWelcome()
{
    m_welcome->setRecentFiles(RecentFiles::load());
    // From a step page (Protect, Risk) the docks it hid are already remembered.
    if (m_stack->currentWidget() == m_workspace) {
        m_docksBeforeStep.clear();
        for (const auto* dock : std::as_const(m_docks))
            m_docksBeforeStep << dock->isVisible();
    }
    m_stack->setCurrentWidget(m_welcome);
    for (auto* dock : std::as_const(m_docks))
        dock->hide();
}

void MainWindow::showWorkspace()
{
    showFindings();
    if (m_layoutRestored)
        return;
    m_layoutRestored = true;
    for (auto* dock : std::as_const(m_docks))
        dock->show();
    if (auto* splitter = qobject_cast<QSplitter*>(m_workspace))
        splitter->setSizes({3 * height() / 5, 2 * height() / 5});
    if (!restoreState(QSettings().value(stateKey).toByteArray())) {
        // Shares of the window rather than pixels, so a small screen still leaves the lattice room
        // and the quasi-identifier list more than a few rows (#35).
        const int side = width();
        const int tall = height();
        resizeDocks({m_docks.at(0), m_docks.at(2)}, {side * 2 / 7, side * 1 / 3}, Qt::Horizontal);
        resizeDocks({m_docks.at(0), m_docks.at(1), m_docks.at(2), m_docks.at(3)},
                    {tall * 7 / 10, tall * 3 / 10, tall * 3 / 5, tall * 2 / 5}, Qt::Vertical);
    }
}

void MainWindow::showProtect()
{
    if (!m_table)
        return;
    const std::uint64_t searchK = m_lastResult ? m_lastResult->k : m_parameters->request().parameters.k;
    m_protect->prepare(m_columns->roles(), m_lastResult.get(), searchK);
    showStepPage(m_protectPage);
}

void MainWindow::showRisk()
{
    if (!m_table)
        return;
    const std::uint64_t searchK = m_lastResult ? m_lastResult->k : m_parameters->request().parameters.k;
    m_risk->prepare(m_columns->roles(), m_lastResult.get(), searchK, m_parameters->request().parameters.threads);
    showStepPage(m_riskPage);
}

void MainWindow::assessRisk()
{
    showRisk();
    m_risk->assess();
}

void MainWindow::showStepPage(QWidget* page)
{
    if (m_stack->currentWidget() == m_workspace) {
        m_docksBeforeStep.clear();
        for (auto* dock : std::as_const(m_docks)) {
            m_docksBeforeStep << dock->isVisible();
            dock->hide();
        }
    }
    m_stack->setCurrentWidget(page);
    updateActions();
}

void MainWindow::protect(const QList<QuasiIdentifierOption>& columns, std::optional<quint64> k)
{
    showProtect();
    core::ProtectionSettings settings = m_protect->settings();
    if (!columns.isEmpty())
        settings.quasiIdentifiers.clear();
    if (k)
        // The settings hold the minimum group size; k is the search's (#33).
        settings.k = *k + 1;
    m_protect->setSettings(settings);
    for (const auto& column : columns) {
        const QString problem = m_protect->useHierarchy(column.column, column.hierarchyFile);
        if (!problem.isEmpty()) {
            Q_EMIT analysisFailed(problem);
            return;
        }
    }
    m_protect->protect();
}

void MainWindow::showFindings()
{
    if (m_stack->currentWidget() != m_workspace)
        for (qsizetype index = 0; index < m_docks.size() && index < m_docksBeforeStep.size(); ++index)
            m_docks[index]->setVisible(m_docksBeforeStep[index]);
    m_stack->setCurrentWidget(m_workspace);
    updateActions();
}

void MainWindow::updateRecentFiles()
{
    m_recentMenu->clear();
    const auto files = RecentFiles::load();
    for (const auto& path : files)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })->setToolTip(path);
    m_recentMenu->addSeparator();
    m_recentMenu
        ->addAction(tr("&Clear List"), this,
                    [this] {
                        RecentFiles::clear();
                        updateRecentFiles();
                    })
        ->setEnabled(!files.isEmpty());
    m_recentMenu->setEnabled(!files.isEmpty());
    m_welcome->setRecentFiles(files);
}

void MainWindow::updateActions()
{
    const bool hasTable = m_table != nullptr;
    const bool running = m_search->isRunning();
    m_runAction->setEnabled(hasTable && !running);
    m_cancelAction->setEnabled(running);
    m_saveProjectAction->setEnabled(hasTable);
    m_saveProjectAsAction->setEnabled(hasTable);
    m_newAction->setEnabled(hasTable);
    m_clearFilterAction->setEnabled(m_rows->isShowingIsolatedRows());
    m_exportReportAction->setEnabled(hasTable && m_lastResult && m_lastResult->complete);
    m_protect->setReportAvailable(hasTable && m_lastResult && m_lastResult->complete);
    m_protectAction->setEnabled(hasTable && m_stack->currentWidget() != m_protectPage);
    m_riskAction->setEnabled(hasTable && m_stack->currentWidget() != m_riskPage);
}

void MainWindow::openFile(const QString& path)
{
    if (!mayDiscard(tr("Open %1?").arg(QFileInfo(path).fileName()), [this, path] { openFile(path); }))
        return;
    if (ProjectSession::isProjectFile(path))
        openProject(path);
    else
        openTable(path);
}

void MainWindow::chooseTable()
{
    if (!mayDiscard(tr("Open another table?"), [this] { chooseTable(); }))
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Table"), dialogFolder(DialogFolder::Data),
                                     tr("Tables (*.csv *.tsv *.txt *.tab *.dat *.xlsx *.sav *.zsav *.por *.dta "
                                        "*.sas7bdat *.xpt *.sqlite *.sqlite3 *.db);;"
                                        "Text tables (*.csv *.tsv *.txt *.tab *.dat);;"
                                        "Excel workbooks (*.xlsx);;"
                                        "SPSS, Stata and SAS files (*.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;"
                                        "SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Data, path);
    openTable(path);
}

void MainWindow::chooseDatabase()
{
    bool accepted = false;
    const QString connection =
        QInputDialog::getText(this, tr("Open Database"),
                              tr("PostgreSQL connection (the password is asked for next and never stored):"),
                              QLineEdit::Normal, QStringLiteral("postgresql://user@localhost/database"), &accepted)
            .trimmed();
    if (!accepted || connection.isEmpty())
        return;
    if (core::detectSourceFormat(connection.toStdString()) != core::SourceFormat::PostgreSql) {
        showWarning(tr("Cannot open the database"),
                    tr("\"%1\" is not a PostgreSQL connection: write postgresql://user@host/database or "
                       "host=... dbname=...")
                        .arg(connection));
        return;
    }
    openTable(connection);
}

void MainWindow::chooseProject()
{
    if (!mayDiscard(tr("Open a project?"), [this] { chooseProject(); }))
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Project"), dialogFolder(DialogFolder::Data),
                                     tr("QIScout projects (*.%1);;All files (*)").arg(ProjectSession::suffix));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Data, path);
    openProject(path);
}

void MainWindow::openSample()
{
    if (!mayDiscard(tr("Open the sample?"), [this] { openSample(); }))
        return;
    const QString path = sampleTablePath();
    if (!path.isEmpty())
        loadTable(path, core::LoadOptions{});
}

void MainWindow::openTable(const QString& path)
{
    auto* dialog = new ImportDialog(path, core::LoadOptions{}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_project->close();
        loadTable(dialog->path(), dialog->options());
    });
    dialog->open();
}

void MainWindow::loadTable(const QString& path, const core::LoadOptions& options, const QString& shownPath)
{
    clearRerunNotice();
    // Elided, so that a project naming a path of a million characters does not freeze the window
    // laying it out (#39).
    m_loadProgress->setLabelText(tr("Loading %1…")
                                     .arg(elidedPath(shownPath.isEmpty() ? QFileInfo(path).fileName() : shownPath,
                                                     m_loadProgress->fontMetrics(), loadLabelWidth)));
    m_loadProgress->setValue(0);
    m_loadClock.start();
    m_loader->load(path, options);
}

void MainWindow::openProject(const QString& path)
{
    try {
        const auto source = m_project->open(path);
        // A project from someone else may name any file (../../etc/passwd) or any server: the user
        // sees the resolved path or the connection before anything is read, and confirms a table
        // outside the project's folder; a database server is named in the import dialog, which
        // connects only when asked, with a password typed for that connection alone (#17, #19).
        // Unattended (--quit) there is no one to ask, and a question nobody answers is a no (#39).
        const std::string location = source.path.toStdString();
        const QDir projectFolder = QFileInfo(path).absoluteDir();
        const QString folder = QDir::toNativeSeparators(projectFolder.exists() ? projectFolder.canonicalPath()
                                                                               : projectFolder.absolutePath());
        if (!core::isFileSource(core::detectSourceFormat(location))) {
            const QString server = QString::fromStdString(core::withoutPassword(location));
            statusBar()->showMessage(tr("The project reads its table from %1.").arg(boundedText(server)));
            if (m_unattended) {
                refuseUnattended(tr("The project %1 reads its table from the database server %2; with --quit no "
                                    "one can confirm the connection, so nothing was read.")
                                     .arg(boundedText(QDir::toNativeSeparators(path)), boundedText(server)));
                return;
            }
            auto* dialog = new ImportDialog(source.path, source.options, this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            connect(dialog, &QDialog::finished, this, [this, dialog, server](int result) {
                if (result == QDialog::Accepted)
                    loadTable(dialog->path(), dialog->options(), server);
                else
                    m_project->close();
            });
            dialog->open();
            return;
        }
        const QFileInfo table(QString::fromStdString(core::sourceFilePath(location)));
        const QString resolved =
            QDir::toNativeSeparators(table.exists() ? table.canonicalFilePath() : table.absoluteFilePath());
        QString question;
        if (!resolved.startsWith(folder + QDir::separator()) && !ProjectSession::savedHereWith(path, resolved))
            question = tr("This project reads its table from\n%1\nwhich is outside the project's folder %2. Load it?")
                           .arg(boundedText(resolved), boundedText(folder));
        statusBar()->showMessage(tr("The project reads its table from %1.").arg(boundedText(resolved)));
        if (question.isEmpty()) {
            loadTable(source.path, source.options, resolved);
            return;
        }
        if (m_unattended) {
            refuseUnattended(
                tr("The project %1 reads its table from %2, outside the project's folder %3; with "
                   "--quit no one can confirm that, so nothing was read.")
                    .arg(boundedText(QDir::toNativeSeparators(path)), boundedText(resolved), boundedText(folder)));
            return;
        }
        auto* box = new QMessageBox(QMessageBox::Question, tr("Open the project's table?"), question,
                                    QMessageBox::Yes | QMessageBox::No, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::finished, this, [this, source, resolved](int answer) {
            if (answer == QMessageBox::Yes)
                loadTable(source.path, source.options, resolved);
            else
                m_project->close();
        });
        box->open();
    } catch (const core::ProjectError& error) {
        const QString message = QString::fromUtf8(error.what());
        Q_EMIT openFailed(message);
        if (!m_unattended)
            showWarning(tr("Cannot open the project"), message);
    }
}

void MainWindow::refuseUnattended(const QString& message)
{
    m_project->close();
    statusBar()->clearMessage();
    Q_EMIT openFailed(message);
}

bool MainWindow::saveProject(const QString& path)
{
    if (!m_table)
        return false;
    try {
        m_project->save(path, {m_tablePath, m_loadOptions}, *m_table, currentSetup());
    } catch (const core::ProjectError& error) {
        showWarning(tr("Cannot save the project"), QString::fromUtf8(error.what()));
        return false;
    }
    RecentFiles::add(path);
    updateRecentFiles();
    updateWindowTitle();
    setWindowModified(false);
    const QString shownPath = boundedText(QDir::toNativeSeparators(path));
    statusBar()->showMessage(currentSetup().analysed
                                 ? tr("Project saved to %1: its set-up, not its results; opening it analyses the "
                                      "table again.")
                                       .arg(shownPath)
                                 : tr("Project saved to %1.").arg(shownPath),
                             8000);
    return true;
}

bool MainWindow::saveProjectAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Project"), m_project->suggestedPath(m_tablePath),
                                                tr("QIScout projects (*.%1)").arg(ProjectSession::suffix));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + ProjectSession::suffix;
    rememberDialogFolder(DialogFolder::Outputs, path);
    return saveProject(path);
}

Setup MainWindow::currentSetup() const
{
    return {m_columns->roles(), m_parameters->request(),
            m_protect->hasSetup() ? std::optional<core::ProtectionSettings>(m_protect->settings()) : std::nullopt,
            m_risk->hasSetup() ? std::optional<core::RiskSettings>(m_risk->settings()) : std::nullopt,
            m_lastResult && m_lastResult->complete};
}

void MainWindow::tableLoaded(std::shared_ptr<const core::EncodedTable> table, const QString& path,
                             const core::LoadOptions& options)
{
    m_loadProgress->reset();
    // Where a project's table lies was for the user to see before it was read; once read, the
    // table goes by its name, and a folder of someone's machine stays out of screenshots.
    statusBar()->clearMessage();
    m_loadSeconds = static_cast<double>(m_loadClock.elapsed()) / 1000.0;
    showTable(std::move(table));
    m_tablePath = QFileInfo(path).absoluteFilePath();
    m_loadOptions = options;
    bool rerun = false;
    if (const auto restored = m_project->restore(*m_table, currentSetup())) {
        m_columns->setRoles(restored->roles);
        m_parameters->setRequest(restored->request);
        if (restored->protection)
            m_protect->setSettings(*restored->protection);
        if (restored->risk)
            m_risk->setSettings(*restored->risk);
        rerun = restored->analysed;
        RecentFiles::add(m_project->path());
    } else {
        RecentFiles::add(m_tablePath);
    }
    showSearchSpace();
    updateRecentFiles();

    const QString name = QFileInfo(m_tablePath).fileName();
    updateWindowTitle();
    setWindowModified(false);
    QString message = tr("Loaded %1: %2 rows, %3 columns.")
                          .arg(name, QLocale().toString(static_cast<qulonglong>(m_table->rowCount)))
                          .arg(m_table->columnCount());
    if (m_table->skippedRows > 0)
        message += QLatin1Char(' ') + tr("%1 malformed rows skipped.").arg(m_table->skippedRows);
    m_progressLabel->setText(message);
    if (!m_table->warnings.empty()) {
        QStringList warnings;
        for (const auto& warning : m_table->warnings)
            warnings << QString::fromStdString(warning);
        m_progressLabel->setToolTip(warnings.join(QLatin1Char('\n')));
    } else {
        m_progressLabel->setToolTip({});
    }
    showWorkspace();
    updateActions();
    Q_EMIT tableShown();
    // A project stores its set-up, not its results: they are computed again, on the table as it is
    // now, unless whoever watches tableShown (command-line automation) has started a run already.
    if (rerun && !m_search->isRunning() && currentRequest(false)) {
        runAnalysis();
        // Until that run ends (#35): it outlived the run, and stayed after another table was opened.
        statusBar()->showMessage(
            tr("Projects keep the set-up, not the results: analysing %1 again.").arg(boundedText(name)));
        m_rerunNotice = statusBar()->currentMessage();
    }
}

void MainWindow::showTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_details->cancel();
    m_table = std::move(table);
    m_lastResult.reset();
    m_search->setTable(m_table);
    clearRowFilter();
    m_rows->setTable(m_table);
    m_columns->setTable(m_table);
    m_results->clear();
    m_bySizeChart->clear();
    m_dangerChart->clear();
    m_rateChart->clear();
    m_histogram->clear();
    m_findings->cancel();
    m_protect->setTable(m_table);
    m_risk->setTable(m_table);
}

void MainWindow::startOver()
{
    if (!mayDiscard(tr("Start again?"), [this] { startOver(); }))
        return;
    m_loader->cancel();
    m_protect->cancel();
    m_risk->cancel();
    showTable(nullptr);
    m_lattice->reset({}, {}, 1);
    m_tablePath.clear();
    m_project->close();
    setWindowModified(false);
    setWindowTitle(tr("QIScout"));
    m_progressLabel->clear();
    m_progressLabel->setToolTip({});
    showWelcome();
    updateActions();
}

void MainWindow::loadFailed(const LoadFailure& failure)
{
    m_loadProgress->reset();
    Q_EMIT openFailed(failure.message);
    if (m_unattended)
        return;
    auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot load the table"),
                                tr("QIScout could not read %1.").arg(boundedText(QFileInfo(failure.file).fileName())),
                                QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    // The path and the line once each (#35): the message began with both, then listed them again.
    QString details = boundedText(loadFailureDetail(failure.message, failure.file, true), shownMessageLimit);
    QStringList where{tr("File: %1").arg(boundedText(QDir::toNativeSeparators(failure.file)))};
    if (failure.line > 0)
        where << tr("Line: %1").arg(failure.line);
    if (failure.column > 0)
        where << tr("Column: %1").arg(failure.column);
    details += QStringLiteral("\n\n") + where.join(QLatin1Char('\n'));
    box->setInformativeText(details);
    box->open();
}

QStringList MainWindow::columnNames() const
{
    QStringList names;
    if (m_table)
        for (const auto& column : m_table->columns)
            names << displayString(column.name);
    return names;
}

std::optional<SearchRequest> MainWindow::currentRequest(bool tellUser)
{
    if (!m_table)
        return std::nullopt;
    const QString problem = m_columns->searchProblem();
    if (!problem.isEmpty()) {
        if (tellUser)
            QMessageBox::information(this, tr("Nothing to search"), problem);
        return std::nullopt;
    }
    auto request = m_parameters->request();
    request.parameters.columns = m_columns->searchedColumns();
    return request;
}

void MainWindow::runAnalysis()
{
    if (const auto request = currentRequest(!m_unattended)) {
        showFindings();
        rememberRequest(*request);
        m_search->start(*request);
    } else {
        Q_EMIT analysisFailed(tr("There is nothing to search."));
    }
    updateActions();
}

void MainWindow::cancelAnalysis()
{
    m_search->cancel();
}

void MainWindow::restartIfRunning()
{
    if (!m_search->isRunning())
        return;
    if (const auto request = currentRequest(false)) {
        rememberRequest(*request);
        m_search->restartDebounced(*request);
    }
}

void MainWindow::rememberRequest(const SearchRequest& request)
{
    m_runRoles = m_columns->roles();
    m_runParameters = request.parameters;
    m_runAlgorithm = request.algorithm;
}

core::ReportInput MainWindow::reportInput() const
{
    core::ReportInput input;
    input.table = m_table;
    input.roles = m_runRoles;
    input.parameters = m_runParameters;
    input.requestedAlgorithm = m_runAlgorithm;
    input.result = *m_lastResult;
    input.loadSeconds = m_loadSeconds;
    return input;
}

core::ReportInput MainWindow::reportToExport() const
{
    core::ReportInput input = reportInput();
    m_protect->describeProtection(input);
    if (m_risk->assessment() && m_risk->staleReason().isEmpty())
        input.risk = m_risk->assessment();
    return input;
}

QString MainWindow::findingsStaleReason() const
{
    if (!m_table || !m_lastResult || m_search->isRunning())
        return {};
    QStringList changes;
    const std::vector<core::ColumnRole> roles = m_columns->roles();
    QStringList changedRoles;
    for (std::size_t column = 0; column < std::min(roles.size(), m_runRoles.size()); ++column)
        if (roles[column] != m_runRoles[column])
            changedRoles << QString::fromStdString(m_table->columns[column].name);
    if (!changedRoles.empty())
        changes << tr("the role of %1 changed (%2)")
                       .arg(countedNoun(static_cast<std::uint64_t>(changedRoles.size()), tr("column"), tr("columns")),
                            changedRoles.join(QStringLiteral(", ")));
    const core::SearchParameters now = m_parameters->request().parameters;
    if (now.k != m_runParameters.k)
        changes << tr("k is now %1; these results are for k = %2").arg(now.k).arg(m_runParameters.k);
    if (now.missingSemantics != m_runParameters.missingSemantics)
        changes << tr("missing cells now match %1").arg(QString::fromUtf8(core::toString(now.missingSemantics)));
    if (now.maxSetSize != m_runParameters.maxSetSize)
        changes << tr("the largest combination searched changed");
    if (changes.empty())
        return {};
    QString text = changes.join(QStringLiteral("; ")) + QLatin1Char('.');
    text[0] = text[0].toUpper();
    return text;
}

QString MainWindow::exportRefusal() const
{
    QStringList stale;
    if (const QString reason = findingsStaleReason(); !reason.isEmpty())
        stale << tr("The findings: %1").arg(reason);
    if (!m_protect->staleReason().isEmpty())
        stale << tr("The protection: %1").arg(m_protect->staleReason());
    if (!m_risk->staleReason().isEmpty())
        stale << tr("The record risk: %1").arg(m_risk->staleReason());
    if (stale.empty())
        return {};
    return tr("The report was not written, because what it would show is out of date. Run again, then export.") +
           QStringLiteral("\n\n") + stale.join(QLatin1Char('\n'));
}

void MainWindow::showSearchSpace()
{
    // Before a run the lattice shows what would be searched; after one it keeps showing the answer.
    if (!m_table || m_lastResult || m_search->isRunning())
        return;
    const core::ColumnSet columns = m_columns->searchedColumns();
    const int maxSetSize = m_parameters->request().parameters.maxSetSize.value_or(columns.size());
    m_lattice->reset(columns, columnNames(), std::clamp(maxSetSize, 1, std::max(columns.size(), 1)));
}

void MainWindow::exportReport()
{
    if (!m_table || !m_lastResult || !m_lastResult->complete)
        return;
    if (const QString refusal = exportRefusal(); !refusal.isEmpty()) {
        statusBar()->showMessage(tr("The report was not written: what it would show is out of date."), 8000);
        if (m_unattended)
            Q_EMIT analysisFailed(refusal);
        else
            showWarning(tr("Out of date"), refusal);
        return;
    }
    const QString written = exportReportInteractively(this, reportToExport(), m_lattice->grab().toImage());
    if (!written.isEmpty())
        statusBar()->showMessage(tr("Report written to %1.").arg(boundedText(QDir::toNativeSeparators(written))), 5000);
}

void MainWindow::searchStarted(core::ColumnSet columns, int maxSetSize, quint64 k)
{
    m_findings->cancel();
    m_lattice->reset(columns, columnNames(), maxSetSize);
    m_rateChart->clear();
    m_rateChart->addSample(0.0, 0);
    m_results->startLive(columnNames());
    m_busyBar->setRange(0, 0);
    m_progressLabel->setText(
        tr("Searching %1 for groups of at most %2 people…")
            .arg(countedNoun(static_cast<std::uint64_t>(columns.size()), tr("column"), tr("columns")))
            .arg(k));
    m_progressLabel->setToolTip({});
}

void MainWindow::eventsReported(std::shared_ptr<const std::vector<core::NodeEvent>> events,
                                core::SearchCounters counters)
{
    m_lattice->applyEvents(*events);
    m_rateChart->addSample(counters.elapsedSeconds, counters.setsEvaluated);
    // The list fills as the search goes (#35), not only as counts in the legend.
    std::vector<core::ColumnSet> found;
    for (const core::NodeEvent& event : *events)
        if (event.kind == core::NodeEventKind::Vulnerable)
            found.push_back(event.set);
    m_results->addFound(found);
    const QLocale locale;
    if (!m_lattice->drawsEveryLevel()) {
        m_progressLabel->setText(tr("Checked %1 combinations · %2 s")
                                     .arg(locale.toString(static_cast<qulonglong>(counters.setsEvaluated)),
                                          locale.toString(counters.elapsedSeconds, 'f', 1)));
        return;
    }
    // The lattice's own counts, so the status bar and the legend agree and never exceed the lattice.
    const LatticeCounts counts = m_lattice->stateCounts();
    const std::uint64_t settled = counts.total() - counts.of(SetState::Unreached) - counts.of(SetState::InProgress);
    // Settled of total is known: a bar that fills, and the time left at the pace so far (#35).
    if (counts.total() > 0) {
        m_busyBar->setRange(0, searchProgressSteps);
        m_busyBar->setValue(static_cast<int>(settled * searchProgressSteps / counts.total()));
    }
    QString text =
        tr("Settled %1 of %2 combinations · %3 · %4 s")
            .arg(locale.toString(static_cast<qulonglong>(settled)),
                 locale.toString(static_cast<qulonglong>(counts.total())),
                 countedNoun(counts.of(SetState::Vulnerable), tr("quasi-identifier"), tr("quasi-identifiers")),
                 locale.toString(counters.elapsedSeconds, 'f', 1));
    if (const auto left = remainingSeconds(settled, counts.total(), counters.elapsedSeconds))
        text += QStringLiteral(" · ") + remainingTimeText(*left);
    m_progressLabel->setText(text);
}

void MainWindow::clearRerunNotice()
{
    if (!m_rerunNotice.isEmpty() && statusBar()->currentMessage() == m_rerunNotice)
        statusBar()->clearMessage();
    m_rerunNotice.clear();
}

void MainWindow::searchEnded(std::shared_ptr<const core::SearchResult> result)
{
    clearRerunNotice();
    m_lastResult = result;
    const auto names = columnNames();
    m_lattice->showResult(*result);
    m_results->setResult(*result, names);
    m_bySizeChart->setResult(*result);
    m_dangerChart->setResult(*result, names);
    m_rateChart->addSample(result->stats.searchSeconds, result->stats.setsEvaluated);
    if (result->complete)
        m_findings->request(reportInput());
    const QLocale locale;
    const QString found = countedNoun(result->minimalSets.size(), tr("quasi-identifier"), tr("quasi-identifiers"));
    const QString checked =
        countedNoun(result->stats.setsEvaluated, tr("combination checked"), tr("combinations checked"));
    const QString seconds = locale.toString(result->stats.searchSeconds, 'f', 2);
    m_progressLabel->setText(result->complete ? tr("Done: %1 (%2 in %3 s).").arg(found, checked, seconds)
                                              : tr("Stopped: %1 so far (%2 in %3 s).").arg(found, checked, seconds));
    m_progressLabel->setToolTip(tr("Search strategy: %1").arg(QString::fromUtf8(core::toString(result->algorithm))));
    updateActions();
    Q_EMIT analysisEnded(result->complete);
}

void MainWindow::searchFailed(const QString& message)
{
    clearRerunNotice();
    m_progressLabel->setText(tr("The analysis could not run."));
    updateActions();
    Q_EMIT analysisFailed(message);
    if (!m_unattended)
        showWarning(tr("The analysis could not run"), message);
}

void MainWindow::showSetDetails(core::ColumnSet set)
{
    if (!m_table || set.empty())
        return;
    const std::uint64_t k = m_lastResult ? m_lastResult->k : m_parameters->request().parameters.k;
    const core::MissingSemantics semantics =
        m_lastResult ? m_lastResult->missingSemantics : m_parameters->request().parameters.missingSemantics;
    m_details->request(m_table, set, k, semantics);
}

void MainWindow::clearRowFilter()
{
    m_details->cancel();
    m_rows->clearIsolatedRows();
    m_histogram->clear();
    m_clearFilterAction->setEnabled(false);
}

void MainWindow::openWithoutAsking(const QString& path)
{
    if (ProjectSession::isProjectFile(path))
        openProject(path);
    else
        loadTable(path, core::LoadOptions{});
}

void MainWindow::setGroupSize(quint64 k)
{
    auto request = m_parameters->request();
    request.parameters.k = k;
    m_parameters->setRequest(request);
}

void MainWindow::setThreadCount(int threads)
{
    auto request = m_parameters->request();
    request.parameters.threads = threads;
    m_parameters->setRequest(request);
}

void MainWindow::setUnattended(bool unattended)
{
    m_unattended = unattended;
}

void MainWindow::showWarning(const QString& title, const QString& message)
{
    // Window-modal and asynchronous: never a nested event loop.
    auto* box =
        new QMessageBox(QMessageBox::Warning, title, boundedText(message, shownMessageLimit), QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::updateWindowTitle()
{
    const QString table = boundedText(QFileInfo(m_tablePath).fileName());
    // [*] is where Qt shows that roles or parameters changed since the last save.
    if (!m_project->path().isEmpty())
        setWindowTitle(tr("%1 (%2)[*] — QIScout").arg(QFileInfo(m_project->path()).completeBaseName(), table));
    else
        setWindowTitle(tr("%1[*] — QIScout").arg(table));
}

bool MainWindow::mayDiscard(const QString& title, const std::function<void()>& retry)
{
    const bool running = m_search->isRunning();
    if (std::exchange(m_discardConfirmed, false) || m_unattended || (!isWindowModified() && !running))
        return true;
    QStringList reasons;
    if (isWindowModified())
        reasons << (m_project->path().isEmpty()
                        ? tr("The roles and parameters are not saved in a project.")
                        : tr("The roles or parameters have changed since the project was last saved."));
    if (running)
        reasons << tr("An analysis is still running and will be stopped.");
    // Window-modal and asynchronous (never a nested event loop): the answer retries the action.
    auto* box = new QMessageBox(QMessageBox::Question, title, reasons.join(QLatin1Char(' ')),
                                QMessageBox::Discard | QMessageBox::Cancel, this);
    if (isWindowModified())
        box->addButton(QMessageBox::Save);
    // Enter keeps everything as it is (#35): Save would open a dialog, and Enter there writes a
    // project beside the source data.
    box->setDefaultButton(QMessageBox::Cancel);
    box->setObjectName(QStringLiteral("confirmDiscard"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, retry] {
        const auto answer = box->standardButton(box->clickedButton());
        if (answer == QMessageBox::Save) {
            const bool saved = m_project->path().isEmpty() ? saveProjectAs() : saveProject(m_project->path());
            if (!saved)
                return;
        } else if (answer != QMessageBox::Discard) {
            return;
        }
        m_discardConfirmed = true;
        retry();
    });
    box->open();
    return false;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!mayDiscard(tr("Quit QIScout?"), [this] { close(); })) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(geometryKey, saveGeometry());
    // The docks a step hid come back first (#35): a window closed on the Protect or Risk step
    // would otherwise open next time with only the lattice and the table.
    showFindings();
    if (m_layoutRestored)
        settings.setValue(stateKey, saveState());
    m_search->cancel();
    m_loader->cancel();
    m_protect->cancel();
    m_risk->cancel();
    QMainWindow::closeEvent(event);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride && watched->isWidgetType() &&
        static_cast<QWidget*>(watched)->window() == this) {
        const QKeySequence pressed(static_cast<QKeyEvent*>(event)->keyCombination());
        const auto actions = findChildren<QAction*>();
        const bool ours = std::any_of(actions.begin(), actions.end(), [&pressed](const QAction* action) {
            return action->isEnabled() && action->shortcuts().contains(pressed);
        });
        if (ours) {
            // Not accepted: the focused widget does not claim the key, so the shortcut fires.
            event->ignore();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    openFile(urls.front().toLocalFile());
}

} // namespace qiscout::ui
