// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: the Protect step assembles its set-up tabs, the run bar, the lattice and the
// result tabs, and shows either outcome (the lattice search's or (d, l)-inference's) in all of them;
// the parts with logic of their own live in their own files (controller, runner, panels, charts).
#include "protect/protect_view.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <iterator>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/anonymization/protection_suggestion.h"
#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/report/protected_release.h"

#include "charts/class_size_histogram_chart.h"
#include "common/dialog_folder.h"
#include "common/stale_notice.h"
#include "common/whole_header_labels.h"
#include "protect/detail_lost_chart.h"
#include "protect/dl_inference_panel.h"
#include "protect/dl_inference_runner.h"
#include "protect/hierarchy_editor.h"
#include "protect/loss_profile_view.h"
#include "protect/privacy_settings_panel.h"
#include "protect/protected_table_model.h"
#include "protect/protection_controller.h"
#include "protect/protection_summary_view.h"
#include "protect/transformation_choices_view.h"
#include "protect/transformation_lattice_view.h"

namespace qiscout::ui {

namespace {

QScrollArea* scrolled(QWidget* widget, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(widget);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

} // namespace

ProtectView::ProtectView(QWidget* parent)
    : QWidget(parent)
    , m_controller(new ProtectionController(this))
    , m_dlRunner(new DlInferenceRunner(this))
{
    createWidgets();
    connect(m_controller, &ProtectionController::searchStarted, this,
            [this](const core::TransformationLattice& lattice, const QStringList& names) {
                m_latticeSize = lattice.size();
                // A lattice beyond the exact search's reach is searched heuristically and not drawn (#40).
                if (searchedHeuristically())
                    m_lattice->showUndrawable(lattice.size());
                else
                    m_lattice->reset(lattice, names);
                m_latticeMeaning->setText(
                    searchedHeuristically()
                        ? tr("%1 ways to coarsen the columns: too many to draw or to check one by one.")
                              .arg(QLocale().toString(static_cast<qulonglong>(lattice.size())))
                        : m_latticeLegend);
                searchStarted();
            });
    connect(m_controller, &ProtectionController::eventsReported, this,
            [this](std::shared_ptr<const std::vector<core::TransformationEvent>> events,
                   core::AnonymizationCounters counters) {
                m_lattice->applyEvents(*events, counters);
                showProgress(counters.checked, counters.taggedAcceptable + counters.taggedUnacceptable,
                             counters.latticeSize, counters.elapsedSeconds);
            });
    connect(m_controller, &ProtectionController::searchFinished, this, &ProtectView::searchFinished);
    connect(m_controller, &ProtectionController::searchFailed, this, [this](const QString& message) {
        m_summary->showMessage(QStringLiteral("<b style='color:#d55e00'>") + tr("The protection could not run:") +
                               QStringLiteral("</b> ") + message.toHtmlEscaped());
        m_status->setText(tr("The protection could not run."));
        updateActions();
        Q_EMIT protectionFailed(message);
    });
    connect(m_controller, &ProtectionController::outcomeReady, this,
            [this](std::shared_ptr<const ProtectionOutcome> outcome) { showOutcome(*outcome); });
    connect(m_controller, &ProtectionController::outcomeFailed, this, [this](const QString& message) {
        m_summary->showMessage(tr("This transformation could not be worked out: %1").arg(message.toHtmlEscaped()));
        updateActions();
        Q_EMIT protectionFailed(message);
    });
    const auto pick = [this](const core::Transformation& transformation) {
        m_showingDl = false;
        m_lattice->setChosen(transformation);
        m_choices->markShown(transformation);
        m_summary->showMessage(tr("Working out this choice…"));
        m_controller->choose(transformation);
        updateActions();
    };
    connect(m_lattice, &TransformationLatticeView::transformationPicked, this, pick);
    connect(m_dlPanel, &DlInferencePanel::runRequested, this, &ProtectView::runDlInference);
    connect(m_dlPanel, &DlInferencePanel::settingsEdited, this, &ProtectView::settingsEdited);
    connect(m_dlRunner, &DlInferenceRunner::finished, this, &ProtectView::showDlInference);
    connect(m_dlRunner, &DlInferenceRunner::failed, this, [this](const QString& message) {
        m_dlPanel->showMessage(tr("Could not publish: %1").arg(message.toHtmlEscaped()));
        updateActions();
    });
    connect(m_dlRunner, &DlInferenceRunner::stopped, this, [this] {
        m_dlPanel->showMessage(tr("Stopped."));
        updateActions();
    });
    connect(m_choices, &TransformationChoicesView::transformationPicked, this, pick);
    connect(m_editor, &HierarchyEditor::edited, this, [this] {
        updateKeepOrder();
        updateProtectButton();
        markStale(tr("The hierarchies changed after this result was found."));
        Q_EMIT settingsEdited();
    });
    connect(m_privacy, &PrivacySettingsPanel::settingsEdited, this, [this] {
        updateProtectButton();
        markStale(tr("The privacy settings changed after this result was found."));
        Q_EMIT settingsEdited();
    });
    connect(m_dlPanel, &DlInferencePanel::settingsEdited, this, [this] {
        if (m_showingDl)
            markStale(tr("The dependency attack settings changed after this result was found."));
    });
    updateActions();
}

ProtectView::~ProtectView() = default;

void ProtectView::markStale(const QString& reason)
{
    if (!m_showingDl && !m_controller->outcome())
        return;
    m_staleReason = reason;
    m_status->setText(staleNotice(reason, m_showingDl ? tr("Publish again") : tr("Protect again")));
    updateActions();
}

void ProtectView::createWidgets()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    auto* bar = new QHBoxLayout;
    auto* back = new QPushButton(tr("← Findings"), this);
    back->setToolTip(tr("Back to the quasi-identifiers found in the original table"));
    connect(back, &QPushButton::clicked, this, &ProtectView::backRequested);
    m_protectButton = new QPushButton(this);
    m_protectButton->setObjectName(QStringLiteral("protectButton"));
    m_protectButton->setDefault(true);
    m_protectButton->setToolTip(tr("Find the coarsening that loses the least detail while protecting as set up"));
    connect(m_protectButton, &QPushButton::clicked, this, &ProtectView::protect);
    m_stopButton = new QPushButton(tr("Stop"), this);
    connect(m_stopButton, &QPushButton::clicked, this, &ProtectView::cancel);
    m_exportButton = new QPushButton(tr("Export Table…"), this);
    m_exportButton->setToolTip(tr("Write the protected table as CSV"));
    connect(m_exportButton, &QPushButton::clicked, this, &ProtectView::chooseExport);
    m_reportButton = new QPushButton(tr("Export Report…"), this);
    m_reportButton->setObjectName(QStringLiteral("protectReportButton"));
    m_reportButton->setToolTip(
        tr("Write the findings with a \"Protection applied\" section on the table shown (HTML, PDF, JSON or CSV)"));
    connect(m_reportButton, &QPushButton::clicked, this, &ProtectView::reportRequested);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("protectStatus"));
    // A long status ("Done: 2,275 checked, 218,909 known without checking, …") wraps rather than
    // widening the page past a 1024-pixel window (#35).
    m_status->setWordWrap(true);
    m_status->setMinimumWidth(120);
    connect(m_status, &QLabel::linkActivated, this, [this] {
        if (m_showingDl)
            runDlInference();
        else
            protect();
    });
    m_busy = new QProgressBar(this);
    m_busy->setMaximumWidth(140);
    m_busy->setTextVisible(false);
    m_busy->hide();
    bar->addWidget(back);
    bar->addWidget(m_protectButton);
    bar->addWidget(m_stopButton);
    bar->addWidget(m_busy);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_exportButton);
    bar->addWidget(m_reportButton);
    layout->addLayout(bar);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("protectSplitter"));
    auto* setup = new QTabWidget(splitter);
    m_editor = new HierarchyEditor(setup);
    m_privacy = new PrivacySettingsPanel(setup);
    setup->addTab(m_editor, tr("Columns"));
    setup->addTab(scrolled(m_privacy, setup), tr("Privacy"));
    m_dlPanel = new DlInferencePanel(setup);
    setup->addTab(scrolled(m_dlPanel, setup), tr("Dependency attack"));
    m_setupTabs = setup;
    splitter->addWidget(setup);

    auto* results = new QSplitter(Qt::Vertical, splitter);
    results->setObjectName(QStringLiteral("protectResultsSplitter"));
    m_resultTabs = new QTabWidget(results);
    m_summary = new ProtectionSummaryView(m_resultTabs);
    m_resultTabs->addTab(scrolled(m_summary, m_resultTabs), tr("Result"));
    auto* charts = new QWidget(m_resultTabs);
    auto* chartsLayout = new QHBoxLayout(charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    m_beforeChart = new ClassSizeHistogramChart(charts);
    m_afterChart = new ClassSizeHistogramChart(charts);
    chartsLayout->addWidget(m_beforeChart);
    chartsLayout->addWidget(m_afterChart);
    m_resultTabs->addTab(charts, tr("Group sizes"));
    m_lossChart = new DetailLostChart(m_resultTabs);
    m_resultTabs->addTab(m_lossChart, tr("Detail lost"));
    m_lossProfile = new LossProfileView(m_resultTabs);
    m_resultTabs->addTab(m_lossProfile, tr("Before and after"));
    m_tableModel = new ProtectedTableModel(this);
    m_tableView = new QTableView(m_resultTabs);
    m_tableView->setModel(m_tableModel);
    showWholeHeaderLabels(m_tableView->horizontalHeader());
    m_tableView->setWordWrap(false);
    m_tableView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_tableView->verticalHeader()->setDefaultSectionSize(m_tableView->fontMetrics().height() + 6);
    m_resultTabs->addTab(m_tableView, tr("Protected table"));
    m_choices = new TransformationChoicesView(m_resultTabs);
    m_resultTabs->addTab(m_choices, tr("Other choices"));
    results->addWidget(m_resultTabs);
    // The lattice is for the curious (#35): below the result, folded to a line that says what its
    // colours mean until opened.
    auto* latticePanel = new QWidget(results);
    auto* latticeLayout = new QVBoxLayout(latticePanel);
    latticeLayout->setContentsMargins(0, 4, 0, 0);
    auto* latticeHeader = new QHBoxLayout;
    m_latticeToggle = new QToolButton(latticePanel);
    m_latticeToggle->setObjectName(QStringLiteral("latticeToggle"));
    m_latticeToggle->setText(tr("Every way to coarsen"));
    m_latticeToggle->setCheckable(true);
    m_latticeToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_latticeToggle->setArrowType(Qt::RightArrow);
    m_latticeToggle->setAutoRaise(true);
    latticeHeader->addWidget(m_latticeToggle);
    m_latticeLegend = tr("Each box is one way to coarsen the columns, the original at the bottom: green protects "
                         "enough, vermillion does not (paler when known without checking), yellow is the best choice "
                         "and blue the other good ones; click one to see it.");
    m_latticeMeaning = new QLabel(m_latticeLegend, latticePanel);
    m_latticeMeaning->setWordWrap(true);
    latticeHeader->addWidget(m_latticeMeaning, 1);
    latticeLayout->addLayout(latticeHeader);
    m_lattice = new TransformationLatticeView(latticePanel);
    m_lattice->hide();
    latticeLayout->addWidget(m_lattice, 1);
    results->addWidget(latticePanel);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 0);
    results->setCollapsible(0, false);
    results->setCollapsible(1, false);
    connect(m_latticeToggle, &QToolButton::toggled, this, [this, results, latticePanel](bool open) {
        m_latticeToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_lattice->setVisible(open);
        // Folded, the panel is its header; open, it takes a third and the result keeps the rest.
        latticePanel->setMaximumHeight(open ? QWIDGETSIZE_MAX : latticePanel->sizeHint().height());
        const int total = results->height();
        results->setSizes(open ? QList<int>{total * 2 / 3, total / 3} : QList<int>{total, 0});
    });
    latticePanel->setMaximumHeight(latticePanel->sizeHint().height());
    splitter->addWidget(results);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter, 1);
}

void ProtectView::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_table = std::move(table);
    m_prepared = false;
    m_chosenLevels.reset();
    m_controller->setTable(m_table);
    m_editor->setTable(m_table);
    fitColumnChecklist();
    m_privacy->setTable(m_table);
    m_dlRunner->cancel();
    m_dlPanel->setTable(m_table);
    m_dlOutcome.reset();
    m_showingDl = false;
    m_staleReason.clear();
    m_lattice->clear();
    m_summary->showMessage(tr("Press <b>Protect</b> to coarsen the ticked columns until nobody stands out."));
    m_choices->clear();
    m_beforeChart->clear();
    m_afterChart->clear();
    m_lossChart->clear();
    m_lossProfile->clear();
    m_tableModel->clearProtection();
    m_status->clear();
    updateActions();
}

void ProtectView::prepare(const std::vector<core::ColumnRole>& roles, const core::SearchResult* findings,
                          std::uint64_t searchK)
{
    if (!m_table || m_prepared)
        return;
    m_prepared = true;
    const core::ProtectionSuggestion suggestion = core::suggestProtection(*m_table, roles, findings, searchK);
    setSettings(suggestion.settings);
    // l-diversity, t-closeness and the dependency attack protect what the user marked Sensitive, so
    // they start on the first such column (#35); without one, on a column left out of the search,
    // never on a candidate they would coarsen.
    const auto sensitive = std::find(roles.begin(), roles.end(), core::ColumnRole::Sensitive);
    const auto ignored = std::find(roles.begin(), roles.end(), core::ColumnRole::Ignored);
    if (const auto chosen = sensitive != roles.end() ? sensitive : ignored; chosen != roles.end()) {
        const int column = static_cast<int>(std::distance(roles.begin(), chosen));
        m_privacy->chooseSensitiveColumn(column);
        m_dlPanel->chooseSensitiveColumn(column);
    }
    QStringList notes;
    const std::uint64_t suggestedK = suggestion.settings.k - 1;
    if (suggestedK != searchK)
        // One k (#33): a stronger target is a suggestion that names both numbers.
        notes << tr("The search counted a row at risk in a group of k = %1 or fewer. Protect suggests a stronger "
                    "target: nobody in a group of k = %2 or fewer (%3-anonymity in the usual terms). Set k on "
                    "<i>Privacy</i> to %1 to protect against what the search found only.")
                     .arg(searchK)
                     .arg(suggestedK)
                     .arg(suggestion.settings.k);
    if (!suggestion.leftOut.empty()) {
        QStringList names;
        for (const auto& name : suggestion.leftOut)
            names << QString::fromStdString(name);
        notes << tr("%n candidate columns are not ticked because coarsening all of them at once would allow too many "
                    "ways to find the best one for certain: %1. They would be published as they are; tick them in "
                    "Columns if they must be protected too (the search then looks for the best it can find within "
                    "its time limit, under Privacy, Advanced), or untick others.",
                    nullptr, static_cast<int>(names.size()))
                     .arg(names.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (!notes.empty())
        m_summary->showMessage(notes.join(QStringLiteral("<br><br>")));
}

core::ProtectionSettings ProtectView::settings() const
{
    core::ProtectionSettings settings;
    settings.quasiIdentifiers = m_editor->quasiIdentifiers();
    m_privacy->apply(settings);
    if (settings.closeness && settings.closeness->distance == core::ClosenessDistance::Hierarchical && m_table)
        for (std::size_t column = 0; column < m_table->columnCount(); ++column)
            if (m_table->columns[column].name == settings.closeness->column) {
                core::ProtectedColumnSetting held = m_editor->columnHierarchy(static_cast<int>(column));
                settings.closeness->hierarchy = std::move(held.hierarchy);
                settings.closeness->hierarchySource = std::move(held.hierarchySource);
            }
    settings.chosenLevels = m_chosenLevels;
    settings.dlInference = m_dlPanel->setting();
    return settings;
}

void ProtectView::setSettings(const core::ProtectionSettings& settings)
{
    m_prepared = true;
    m_editor->setQuasiIdentifiers(settings.quasiIdentifiers);
    if (const auto& closeness = settings.closeness;
        closeness && closeness->distance == core::ClosenessDistance::Hierarchical && m_table)
        for (std::size_t column = 0; column < m_table->columnCount(); ++column)
            if (m_table->columns[column].name == closeness->column)
                m_editor->setKeptColumnHierarchy(static_cast<int>(column), closeness->hierarchy,
                                                 QString::fromStdString(closeness->hierarchySource));
    m_privacy->setSettings(settings);
    m_chosenLevels = settings.chosenLevels;
    if (settings.dlInference)
        m_dlPanel->setSetting(*settings.dlInference);
    updateProtectButton();
}

QString ProtectView::useHierarchy(const QString& columnName, const QString& path)
{
    if (!m_table)
        return tr("No table is open.");
    for (std::size_t column = 0; column < m_table->columnCount(); ++column)
        if (QString::fromStdString(m_table->columns[column].name) == columnName) {
            if (path.isEmpty()) {
                m_editor->coarsenAutomatically(static_cast<int>(column));
                return {};
            }
            return m_editor->importHierarchy(static_cast<int>(column), path);
        }
    return tr("The table has no column \"%1\".").arg(columnName);
}

void ProtectView::protect()
{
    m_chosenLevels.reset();
    core::ProtectionSettings current = settings();
    m_controller->start(current);
    updateActions();
}

void ProtectView::cancel()
{
    m_controller->cancel();
    m_dlRunner->cancel();
}

void ProtectView::fitColumnChecklist()
{
    // Whole rows, up to eight, rather than the editor's split cutting the sixth in half (#35);
    // longer lists scroll by whole rows.
    QListWidget* list = m_editor->columnList();
    list->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    const int rowHeight = list->count() > 0 ? list->sizeHintForRow(0) : list->fontMetrics().height() + 4;
    const int shown = std::clamp(list->count(), 3, 8);
    list->setFixedHeight(shown * rowHeight + 2 * list->frameWidth());
}

void ProtectView::updateKeepOrder()
{
    QStringList names;
    for (const auto& column : m_editor->quasiIdentifiers())
        names << QString::fromStdString(column.column);
    m_privacy->setQuasiIdentifiers(names);
}

void ProtectView::updateProtectButton()
{
    m_protectButton->setText(tr("Protect: no group of k = %1 or fewer").arg(m_privacy->kSpinBox()->value()));
}

void ProtectView::updateActions()
{
    const bool running = m_controller->isRunning();
    m_protectButton->setEnabled(m_table != nullptr && !running);
    m_stopButton->setEnabled(running);
    m_busy->setVisible(running);
    const bool latticeShown = !m_showingDl && m_controller->outcome() != nullptr && !m_controller->isChoosing();
    m_exportButton->setEnabled(latticeShown || m_showingDl);
    m_reportButton->setEnabled(m_reportAvailable &&
                               (m_showingDl || (latticeShown && m_controller->outcome()->report != nullptr)));
    m_dlPanel->setRunEnabled(m_table != nullptr && !m_dlRunner->isRunning());
    updateProtectButton();
}

void ProtectView::searchStarted()
{
    m_showingDl = false;
    m_summary->showMessage(tr("Searching for the coarsening that loses the least detail…"));
    m_choices->clear();
    m_beforeChart->clear();
    m_afterChart->clear();
    m_lossChart->clear();
    m_lossProfile->clear();
    m_tableModel->clearProtection();
    // The heuristic search runs until its time limit: the bar shows the time spent.
    m_busy->setRange(0, searchedHeuristically()
                            ? static_cast<int>(std::ceil(m_controller->parameters().heuristicSeconds * 10.0))
                            : 0);
    m_busy->setValue(0);
    showProgress(0, 0, m_latticeSize, 0.0);
    updateActions();
}

bool ProtectView::searchedHeuristically() const
{
    return m_latticeSize > core::TransformationLattice::maxExactSize;
}

void ProtectView::showProgress(std::uint64_t checked, std::uint64_t tagged, std::uint64_t size, double seconds)
{
    const QLocale locale;
    if (searchedHeuristically()) {
        m_busy->setValue(std::min(m_busy->maximum(), static_cast<int>(seconds * 10.0)));
        m_status->setText(tr("%1 of %2 ways to coarsen checked: too many to check all, so the search looks for the "
                             "best it can find in %3 s · %4 s")
                              .arg(locale.toString(static_cast<qulonglong>(checked)),
                                   locale.toString(static_cast<qulonglong>(size)),
                                   locale.toString(m_controller->parameters().heuristicSeconds, 'f', 0),
                                   locale.toString(seconds, 'f', 1)));
        return;
    }
    m_status->setText(tr("%1 of %2 ways to coarsen checked, %3 known without checking · %4 s")
                          .arg(locale.toString(static_cast<qulonglong>(checked)),
                               locale.toString(static_cast<qulonglong>(size)),
                               locale.toString(static_cast<qulonglong>(tagged)), locale.toString(seconds, 'f', 1)));
}

void ProtectView::searchFinished()
{
    const auto& result = m_controller->result();
    m_lattice->showResult(*result);
    QStringList names;
    for (const auto& spec : m_controller->parameters().quasiIdentifiers)
        names << QString::fromStdString(m_table->columns[static_cast<std::size_t>(spec.column)].name);
    m_choices->showChoices(*result, m_controller->parameters(), names);
    const QLocale locale;
    const QString counts = tr("%1 checked, %2 known without checking, of %3, in %4 s")
                               .arg(locale.toString(static_cast<qulonglong>(result->stats.checked)),
                                    locale.toString(static_cast<qulonglong>(result->stats.taggedAcceptable +
                                                                            result->stats.taggedUnacceptable)),
                                    locale.toString(static_cast<qulonglong>(result->lattice.size())),
                                    locale.toString(result->stats.searchSeconds, 'f', 2));
    if (!result->optimum)
        m_summary->showMessage(
            result->complete ? QStringLiteral("<b style='color:#d55e00'>") + tr("No coarsening protects enough.") +
                                   QStringLiteral("</b> ") +
                                   tr("Allow more rows to be suppressed, lower k, or add levels to the hierarchies.")
                             : tr("Stopped before any coarsening that protects enough was found."));
    if (searchedHeuristically())
        m_status->setText((result->complete
                               ? (result->optimal ? tr("Done, the best proven: %1 checked of %2 in %3 s.")
                                                  : tr("Done, the best found in the time limit (not proven the best): "
                                                       "%1 checked of %2 in %3 s."))
                               : tr("Stopped: %1 checked of %2 in %3 s; the best found so far is shown."))
                              .arg(locale.toString(static_cast<qulonglong>(result->stats.checked)),
                                   locale.toString(static_cast<qulonglong>(result->lattice.size())),
                                   locale.toString(result->stats.searchSeconds, 'f', 1)));
    else
        m_status->setText((result->complete ? tr("Done: %1.") : tr("Stopped: %1.")).arg(counts));
    updateActions();
    Q_EMIT protectionEnded(result->complete);
}

void ProtectView::showOutcome(const ProtectionOutcome& outcome)
{
    const auto& result = m_controller->result();
    m_showingDl = false;
    m_chosenLevels.reset();
    if (!result || !result->optimum || result->optimum->transformation != outcome.transformation)
        m_chosenLevels = outcome.transformation.levels;
    m_summary->showOutcome(outcome, m_controller->parameters(), *m_table, result.get());
    m_lattice->setChosen(outcome.transformation);
    m_choices->markShown(outcome.transformation);
    const std::uint64_t scanK = outcome.k > 0 ? outcome.k - 1 : 0;
    m_beforeChart->setClassSizes(outcome.before.classSizes, scanK, tr("coarsened columns, original"));
    m_afterChart->setClassSizes(outcome.after.classSizes, scanK, tr("coarsened columns, protected"));
    QStringList coarsened;
    for (const auto& spec : m_controller->parameters().quasiIdentifiers)
        coarsened << QString::fromStdString(m_table->columns[static_cast<std::size_t>(spec.column)].name);
    m_lossChart->setLoss(coarsened, outcome.columnLoss);
    m_lossProfile->setProfiles(outcome.lossProfile);
    std::vector<bool> generalised(m_table->columnCount(), false);
    const auto& parameters = m_controller->parameters();
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
        generalised[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)] =
            outcome.transformation.levels[q] > 0;
    std::vector<std::vector<std::uint32_t>> cellsOfColumn;
    if (!outcome.suppressedCells.empty()) {
        cellsOfColumn.resize(m_table->columnCount());
        for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
            cellsOfColumn[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)] = outcome.suppressedCells[q];
    }
    m_tableModel->setProtection(outcome.protectedTable, m_table, std::move(generalised), outcome.suppressedRows,
                                cellsOfColumn);
    updateActions();
    m_staleReason.clear();
    Q_EMIT outcomeShown();
}

bool ProtectView::exportTable(const QString& path, QString* error, SuppressedRows suppressed)
{
    const auto& outcome = m_controller->outcome();
    if (!m_showingDl && !outcome) {
        if (error)
            *error = tr("There is no protected table to export yet.");
        return false;
    }
    if (!m_staleReason.isEmpty()) {
        // Writing the old coarsening under the new set-up would publish what the user no longer chose.
        if (error)
            *error = tr("the protected table is out of date. %1 Protect again, then export.").arg(m_staleReason);
        return false;
    }
    try {
        const std::filesystem::path target = path.toStdString();
        const auto format = core::tableFileFormatFor(target).value_or(core::TableFileFormat::Csv);
        // After (d, l)-inference the removed rows are left out of the file.
        if (m_showingDl)
            core::writeTable(*m_dlOutcome->published, target, format);
        else if (suppressed == SuppressedRows::LeftOut && !outcome->suppressedRows.empty())
            core::writeTable(core::withoutSuppressedRows(*outcome->protectedTable, outcome->suppressedRows), target,
                             format);
        else
            core::writeTable(*outcome->protectedTable, target, format);
        if (!m_showingDl) {
            m_exported = {outcome, path};
            m_exportedSuppressed = suppressed;
        }
        return true;
    } catch (const std::exception& exception) {
        if (error)
            *error = QString::fromUtf8(exception.what());
        return false;
    }
}

void ProtectView::runDlInference()
{
    if (!m_table)
        return;
    core::DlAnonymizationParameters parameters;
    if (!m_dlPanel->apply(parameters))
        return;
    for (const auto& column : settings().quasiIdentifiers)
        for (std::size_t index = 0; index < m_table->columnCount(); ++index)
            if (m_table->columns[index].name == column.column)
                parameters.quasiIdentifiers.push_back(static_cast<int>(index));
    parameters.minGroupSize = static_cast<std::uint64_t>(m_privacy->kSpinBox()->value()) + 1;
    if (parameters.quasiIdentifiers.empty()) {
        m_dlPanel->showMessage(tr("Tick at least one column to coarsen under Columns."));
        return;
    }
    m_dlPanel->showMessage(tr("Grouping the rows…"));
    m_dlRunner->start(m_table, parameters);
    updateActions();
}

void ProtectView::showDlInference(const std::shared_ptr<const DlInferenceOutcome>& outcome)
{
    m_dlOutcome = outcome;
    m_showingDl = true;
    m_staleReason.clear();
    const core::DlAnonymization& anonymization = outcome->anonymization;
    m_dlPanel->showResult(anonymization, m_table->rowCount);
    const QLocale locale;
    m_summary->showMessage(
        tr("<b>Published with (d, l)-inference</b> on %1 (d = %2, l = %3): %4 groups of at least %5 rows; %6 of %7 "
           "rows are left out of the published table; detail lost %8 %. %9")
            .arg(QString::fromStdString(m_table->columns[static_cast<std::size_t>(outcome->parameters.sensitive)].name)
                     .toHtmlEscaped(),
                 locale.toString(static_cast<qulonglong>(outcome->parameters.d)),
                 locale.toString(static_cast<qulonglong>(outcome->parameters.l)),
                 locale.toString(static_cast<qulonglong>(anonymization.groups.size())),
                 locale.toString(static_cast<qulonglong>(outcome->parameters.minGroupSize)),
                 locale.toString(static_cast<qulonglong>(anonymization.removedRows.size())),
                 locale.toString(static_cast<qulonglong>(m_table->rowCount)),
                 locale.toString(100.0 * anonymization.informationLoss, 'f', 1),
                 anonymization.check.satisfied
                     ? tr("No pair of groups narrows a sensitive value below l, whatever dependency among these "
                          "columns and the protected one the attacker knows.")
                     : tr("The groups do not satisfy (d, l)-inference.")));
    std::vector<bool> generalised(m_table->columnCount(), false);
    QStringList names;
    for (const int column : outcome->parameters.quasiIdentifiers) {
        generalised[static_cast<std::size_t>(column)] = true;
        names << QString::fromStdString(m_table->columns[static_cast<std::size_t>(column)].name);
    }
    m_tableModel->setProtection(outcome->shown, m_table, std::move(generalised), anonymization.removedRows);
    m_lossChart->setLoss(names, anonymization.columnLoss);
    // (d, l)-inference leaves rows out of its published table, which has no row for row profile.
    m_lossProfile->clear();
    const std::uint64_t scanK = outcome->parameters.minGroupSize > 0 ? outcome->parameters.minGroupSize - 1 : 0;
    m_beforeChart->clear();
    if (!outcome->classSizesBefore.empty())
        m_beforeChart->setClassSizes(outcome->classSizesBefore, scanK, tr("coarsened columns, original"));
    m_afterChart->setClassSizes(outcome->classSizesAfter, scanK, tr("coarsened columns, published"));
    updateActions();
    Q_EMIT dlInferenceShown();
}

void ProtectView::setReportAvailable(bool available)
{
    m_reportAvailable = available;
    updateActions();
}

bool ProtectView::describeProtection(core::ReportInput& input) const
{
    if (!m_staleReason.isEmpty())
        return false;
    if (m_showingDl) {
        input.protectedRelease = core::dlInferenceRelease(*m_dlOutcome->published, m_dlOutcome->parameters);
        return true;
    }
    const auto& outcome = m_controller->outcome();
    if (!outcome || !outcome->report)
        return false;
    core::ProtectionReport protection = *outcome->report;
    if (m_exported.first == outcome) {
        protection.outputPath = QDir::toNativeSeparators(m_exported.second).toStdString();
        protection.suppressedRowsLeftOut = m_exportedSuppressed == SuppressedRows::LeftOut;
    }
    input.protection = std::move(protection);
    input.protectedRelease = outcome->release;
    return true;
}

void ProtectView::chooseExport()
{
    // Where every other output goes (#35): the last output folder, the table's only at first.
    QString suggested;
    if (m_table) {
        const QFileInfo source(QString::fromStdString(m_table->sourcePath));
        suggested =
            outputSuggestion(source.completeBaseName() + QStringLiteral("-protected.csv"), source.absolutePath());
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Protected Table"), suggested,
        tr("CSV tables (*.csv);;Tab-separated tables (*.tsv);;SPSS data (*.sav);;Stata data (*.dta)"));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Outputs, path);
    SuppressedRows suppressed = SuppressedRows::LeftOut;
    const auto& outcome = m_controller->outcome();
    if (!m_showingDl && outcome && !outcome->suppressedRows.empty()) {
        // Rows of "*" look removed to a reader but are published, their other columns intact: ask.
        QMessageBox box(QMessageBox::Question, tr("Suppressed Rows"),
                        tr("%1 rows are suppressed: every coarsened cell of theirs is *, but their other columns "
                           "are as in the original. Leave them out of the file (recommended), or keep them as rows "
                           "of *?")
                            .arg(QLocale().toString(static_cast<qulonglong>(outcome->suppressedRows.size()))),
                        QMessageBox::Cancel, this);
        QPushButton* leaveOut = box.addButton(tr("Leave Them Out"), QMessageBox::AcceptRole);
        QPushButton* keep = box.addButton(tr("Keep as Rows of *"), QMessageBox::AcceptRole);
        box.setDefaultButton(leaveOut);
        box.exec();
        if (box.clickedButton() == keep)
            suppressed = SuppressedRows::KeptAsStars;
        else if (box.clickedButton() != leaveOut)
            return;
    }
    QString error;
    if (exportTable(path, &error, suppressed))
        m_status->setText(tr("Protected table written to %1.").arg(QFileInfo(path).fileName()));
    else
        m_status->setText(tr("Not written: %1").arg(error));
}

} // namespace qiscout::ui
