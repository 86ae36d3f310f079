// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one step page whose set-up, plain-words text and riskiest-records table are
// read together; its worker (RiskController) and charts (charts/) live in their own files.
#include "risk/risk_view.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/report/report_writers.h"

#include "charts/attribute_contribution_chart.h"
#include "charts/record_risk_histogram_chart.h"
#include "common/counted_noun.h"
#include "common/dialog_folder.h"
#include "common/remaining_time.h"
#include "common/significant_text.h"
#include "common/stale_notice.h"
#include "common/whole_header_labels.h"
#include "risk/population_model_text.h"
#include "risk/risk_controller.h"
#include "risk/risk_run_estimate.h"

namespace qiscout::ui {
namespace {

/// The riskiest records the table lists.
constexpr std::size_t listedRecords = 25;
constexpr int progressSteps = 1000;
/// sdcMicro's default DisFraction, in percent.
constexpr double defaultSamplingPercent = 1.0;
/// More key columns than this get a proposed largest MSU size: on 17 key columns of 64,600 rows
/// an unbounded search ran for many minutes, one of at most 4 columns for seconds (#37).
constexpr int proposeMaxMsuSizeAbove = 12;
constexpr int proposedMaxMsuSize = 4;

/// A share (0.125) as the view writes it: "12.5 %", "less than 0.1 %" for a tiny non-zero one.
QString shareText(double share)
{
    if (share > 0 && share < 0.0005)
        return RiskView::tr("less than 0.1 %");
    return QLocale().toString(100.0 * share, 'f', 1) + QStringLiteral(" %");
}

QString fourSignificant(double value)
{
    return significantText(value, 4);
}

QString count(std::uint64_t value)
{
    return QLocale().toString(static_cast<qulonglong>(value));
}

/// Why Dankar et al.'s rule picked its model, as a clause after the sampling fraction.
QString ruleReason(const core::RiskAssessment& risk)
{
    if (risk.samplingFraction > 0.1)
        return RiskView::tr(" (more than 10 %: the smaller of Zayatz's and the SNB estimate)");
    if (risk.population.dankarModel == core::PopulationModel::Zayatz)
        return RiskView::tr(" (at most 10 %: Pitman's model, which has no estimate here, else Zayatz's)");
    return RiskView::tr(" (at most 10 %)");
}

bool isNamed(const std::vector<std::string>& names, const QString& name)
{
    return std::find(names.begin(), names.end(), name.toStdString()) != names.end();
}

QTableWidgetItem* numberItem(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

RiskView::RiskView(QWidget* parent) : QWidget(parent), m_controller(new RiskController(this))
{
    createWidgets();
    connect(m_controller, &RiskController::progressChanged, this, [this](quint64 done, quint64 total) {
        if (total == 0) {
            m_progress->setRange(0, 0);
            return;
        }
        m_progress->setRange(0, progressSteps);
        m_progress->setValue(static_cast<int>(done * progressSteps / total));
        // The time left at the pace so far, once there is a pace (#35).
        const double elapsed = static_cast<double>(m_runClock.elapsed()) / 1000.0;
        if (const auto left = remainingSeconds(done, total, elapsed))
            m_status->setText(m_runStatus + QStringLiteral(" · ") + remainingTimeText(*left));
    });
    connect(m_controller, &RiskController::runningChanged, this, [this](bool running) {
        m_progress->setVisible(running);
        updateActions();
    });
    connect(m_controller, &RiskController::assessmentFinished, this, &RiskView::showAssessment);
    connect(m_controller, &RiskController::assessmentCancelled, this,
            [this] { m_status->setText(tr("Stopped before the scores were complete; nothing is shown.")); });
    connect(m_controller, &RiskController::assessmentFailed, this, [this](const QString& message) {
        m_status->setText(tr("The risk could not be assessed: %1").arg(message));
        Q_EMIT assessmentFailed(message);
    });
    clearResults(tr("Tick the columns an intruder may know about a person, then assess."));
}

RiskView::~RiskView() = default;

void RiskView::createWidgets()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto* bar = new QHBoxLayout;
    auto* back = new QPushButton(tr("← Findings"), this);
    back->setToolTip(tr("Back to the quasi-identifiers found in the table"));
    connect(back, &QPushButton::clicked, this, &RiskView::backRequested);
    m_assessButton = new QPushButton(tr("Assess Risk"), this);
    m_assessButton->setObjectName(QStringLiteral("assessRiskButton"));
    m_assessButton->setDefault(true);
    m_assessButton->setToolTip(tr("Score every record on the ticked key columns and estimate the population risk"));
    connect(m_assessButton, &QPushButton::clicked, this, &RiskView::assess);
    m_stopButton = new QPushButton(tr("Stop"), this);
    connect(m_stopButton, &QPushButton::clicked, this, &RiskView::cancel);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("riskProgress"));
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("riskStatus"));
    m_status->setWordWrap(true);
    connect(m_status, &QLabel::linkActivated, this, &RiskView::assess);
    m_exportReportButton = new QPushButton(tr("Export Report…"), this);
    m_exportReportButton->setToolTip(tr("Write the report (findings, these scores and any protection) as HTML, PDF, "
                                        "JSON or CSV"));
    connect(m_exportReportButton, &QPushButton::clicked, this, &RiskView::reportRequested);
    m_exportScoresButton = new QPushButton(tr("Export Scores…"), this);
    m_exportScoresButton->setToolTip(tr("Write each record's scores to a CSV file, one row per record"));
    connect(m_exportScoresButton, &QPushButton::clicked, this, &RiskView::chooseScoresExport);
    connect(this, &RiskView::settingsEdited, this, &RiskView::markStale);
    bar->addWidget(back);
    bar->addWidget(m_assessButton);
    bar->addWidget(m_stopButton);
    bar->addWidget(m_progress);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_exportReportButton);
    bar->addWidget(m_exportScoresButton);
    layout->addLayout(bar);

    auto* top = new QHBoxLayout;
    auto* setup = new QGroupBox(tr("What an intruder knows"), this);
    auto* form = new QFormLayout(setup);
    m_keys = new QListWidget(setup);
    m_keys->setObjectName(QStringLiteral("riskKeyColumns"));
    m_keys->setToolTip(tr("Key columns: the values an intruder may know about a person (age, sex, region…). "
                          "Columns marked as quasi-identifier candidates are listed."));
    m_keys->setMaximumHeight(140);
    // prepare() fills the list with signals blocked, so this is the user ticking a column.
    connect(m_keys, &QListWidget::itemChanged, this, [this] {
        m_chosenKeys = tickedKeyNames();
        updateRunWarning();
        Q_EMIT settingsEdited();
    });
    form->addRow(tr("Key columns:"), m_keys);
    m_runWarning = new QLabel(setup);
    m_runWarning->setObjectName(QStringLiteral("riskRunWarning"));
    m_runWarning->setWordWrap(true);
    m_runWarning->hide();
    form->addRow(m_runWarning);
    m_weightLabel = new QLabel(setup);
    m_weightLabel->setWordWrap(true);
    form->addRow(tr("Weights:"), m_weightLabel);
    m_missingCells = new QLabel(setup);
    m_missingCells->setObjectName(QStringLiteral("riskMissingCells"));
    m_missingCells->setWordWrap(true);
    m_missingCells->setToolTip(tr("The population models, the marketer risk and SUDA are defined on groups of "
                                  "records with equal values, so every measure here compares missing cells as values"));
    form->addRow(tr("Missing cells:"), m_missingCells);
    m_samplingPercent = new QDoubleSpinBox(setup);
    m_samplingPercent->setRange(0.01, 100.0);
    m_samplingPercent->setDecimals(2);
    m_samplingPercent->setSuffix(QStringLiteral(" %"));
    m_samplingPercent->setValue(defaultSamplingPercent);
    m_samplingPercent->setToolTip(tr("The share of the population this table holds (the sampling fraction): 100 % "
                                     "when everyone is in it"));
    form->addRow(tr("Share of the population:"), m_samplingPercent);
    m_scoring = new QComboBox(setup);
    m_scoring->addItem(tr("Elliot et al. (sdcMicro's default)"), static_cast<int>(core::SudaScoring::Elliot));
    m_scoring->addItem(tr("IHSN"), static_cast<int>(core::SudaScoring::Ihsn));
    m_scoring->setToolTip(tr("How SUDA weighs a unique combination by its size, as sdcMicro's suda2() offers"));
    form->addRow(tr("SUDA weights:"), m_scoring);
    m_maxMsuSize = new QSpinBox(setup);
    m_maxMsuSize->setObjectName(QStringLiteral("riskMaxMsuSize"));
    m_maxMsuSize->setRange(0, core::maxKeyColumns);
    m_maxMsuSize->setSpecialValueText(tr("every size"));
    m_maxMsuSize->setToolTip(tr("SUDA looks for the smallest combinations of key values that make a record unique "
                                "(minimal sample uniques). Its search grows exponentially with the key columns; "
                                "searching combinations of at most this many columns keeps many of them quick, and "
                                "the SUDA scores are then lower bounds."));
    form->addRow(tr("Largest MSU size:"), m_maxMsuSize);
    m_maxMsuSizeNote = new QLabel(setup);
    m_maxMsuSizeNote->setObjectName(QStringLiteral("riskMaxMsuSizeNote"));
    m_maxMsuSizeNote->setWordWrap(true);
    m_maxMsuSizeNote->hide();
    form->addRow(m_maxMsuSizeNote);
    connect(m_samplingPercent, &QDoubleSpinBox::valueChanged, this, &RiskView::settingsEdited);
    connect(m_scoring, &QComboBox::currentIndexChanged, this, &RiskView::settingsEdited);
    // Set programmatically with signals blocked, so this is the user choosing a bound.
    connect(m_maxMsuSize, &QSpinBox::valueChanged, this, [this] {
        m_maxMsuSizeChosen = true;
        updateRunWarning();
        Q_EMIT settingsEdited();
    });
    setup->setMaximumWidth(420);
    top->addWidget(setup);

    auto* words = new QGroupBox(tr("In plain words"), this);
    auto* wordsLayout = new QVBoxLayout(words);
    m_sampleWords = new QLabel(words);
    m_sampleWords->setObjectName(QStringLiteral("riskSampleWords"));
    m_sampleWords->setWordWrap(true);
    m_sampleWords->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wordsLayout->addWidget(m_sampleWords);
    m_populationBox = new QVBoxLayout;
    wordsLayout->addLayout(m_populationBox);
    wordsLayout->addStretch(1);
    top->addWidget(words, 1);
    layout->addLayout(top);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    auto* histogramPane = new QWidget(charts);
    auto* histogramLayout = new QVBoxLayout(histogramPane);
    histogramLayout->setContentsMargins(0, 0, 0, 0);
    m_measure = new QComboBox(histogramPane);
    m_measure->setObjectName(QStringLiteral("riskMeasure"));
    for (const auto& entry : recordRiskMeasureNames)
        m_measure->addItem(RecordRiskHistogramChart::measureName(entry.value), static_cast<int>(entry.value));
    m_measure->setToolTip(tr("DIS-SUDA: the probability that a match on the key columns is correct. SUDA: the raw "
                             "score. Individual risk: from the sampling weights, or 1 / the number of records "
                             "sharing the key values."));
    histogramLayout->addWidget(m_measure, 0, Qt::AlignLeft);
    m_histogram = new RecordRiskHistogramChart(histogramPane);
    histogramLayout->addWidget(m_histogram, 1);
    connect(m_measure, &QComboBox::currentIndexChanged, this,
            [this] { m_histogram->setMeasure(static_cast<RecordRiskMeasure>(m_measure->currentData().toInt())); });
    m_contributions = new AttributeContributionChart(charts);
    charts->addWidget(histogramPane);
    charts->addWidget(m_contributions);
    charts->setMinimumHeight(300);
    layout->addWidget(charts, 2);

    auto* listBar = new QHBoxLayout;
    auto* listTitle = new QLabel(tr("<b>The riskiest records</b> (row 1 is the first row after the header)"), this);
    m_showValues = new QCheckBox(tr("Show values"), this);
    m_showValues->setObjectName(QStringLiteral("riskShowValues"));
    m_showValues->setToolTip(tr("Values are redacted as in the reports; show them only where the data may be seen"));
    connect(m_showValues, &QCheckBox::toggled, this, &RiskView::fillRiskiest);
    listBar->addWidget(listTitle, 1);
    listBar->addWidget(m_showValues);
    layout->addLayout(listBar);
    m_riskiest = new QTableWidget(this);
    m_riskiest->setObjectName(QStringLiteral("riskiestRecords"));
    m_riskiest->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_riskiest->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_riskiest->verticalHeader()->hide();
    showWholeHeaderLabels(m_riskiest->horizontalHeader());
    m_riskiest->setMinimumHeight(200);
    layout->addWidget(m_riskiest, 1);
}

void RiskView::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_controller->setTable(table);
    m_table = std::move(table);
    m_keys->clear();
    m_chosenKeys.reset();
    m_hasSetup = false;
    m_maxMsuSizeChosen = false;
    m_weightColumn.reset();
    m_weightLabel->setText(tr("none (an unweighted sample)"));
    updateRunWarning();
    clearResults(tr("Tick the columns an intruder may know about a person, then assess."));
}

void RiskView::updateMaxMsuSize()
{
    const int keys = static_cast<int>(tickedKeyNames().size());
    const bool proposed = !m_maxMsuSizeChosen && keys > proposeMaxMsuSizeAbove;
    if (!m_maxMsuSizeChosen) {
        const QSignalBlocker blocker(m_maxMsuSize);
        m_maxMsuSize->setValue(proposed ? proposedMaxMsuSize : 0);
    }
    const int bound = m_maxMsuSize->value();
    QString note;
    if (bound > 0 && bound < keys) {
        if (proposed)
            note = tr("Proposed for %1: SUDA's search grows exponentially with the key columns, and a search of "
                      "every size may not end in reasonable time. ")
                       .arg(countedNoun(static_cast<std::uint64_t>(keys), tr("key column"), tr("key columns")));
        note += tr("Combinations of more than %1 were not searched, so each SUDA score is a lower bound of the score "
                   "of a search of every size; DIS-SUDA scores and contributions are no bounds.")
                    .arg(countedNoun(static_cast<std::uint64_t>(bound), tr("key column"), tr("key columns")));
    }
    m_maxMsuSizeNote->setText(note);
    m_maxMsuSizeNote->setVisible(!note.isEmpty());
}

void RiskView::updateRunWarning()
{
    updateMaxMsuSize();
    const int keys = static_cast<int>(tickedKeyNames().size());
    const int bound = m_maxMsuSize->value();
    const QString warning =
        m_table ? longRiskRunWarning(m_table->rowCount, keys, m_threads.value_or(QThread::idealThreadCount()),
                                     bound > 0 ? std::optional<int>(bound) : std::nullopt)
                : QString();
    m_runWarning->setText(warning);
    m_runWarning->setVisible(!warning.isEmpty());
}

void RiskView::prepare(const std::vector<core::ColumnRole>& roles, const core::SearchResult* lastResult,
                       std::uint64_t k, std::optional<int> threads)
{
    m_k = std::max<std::uint64_t>(k, 1);
    m_threads = threads;
    if (!m_table)
        return;
    core::ColumnSet found;
    if (lastResult)
        for (const core::MinimalSet& set : lastResult->minimalSets)
            found = found.united(set.columns);
    const QStringList names = columnNames();
    const QSignalBlocker filling(m_keys);
    m_keys->clear();
    m_weightColumn.reset();
    m_hasSetup = true;
    const auto ticked = [&](int column) {
        return m_chosenKeys ? isNamed(*m_chosenKeys, names.value(column)) : found.empty() || found.contains(column);
    };
    const auto columns = static_cast<int>(roles.size());
    for (int column = 0; column < columns; ++column) {
        const core::ColumnRole role = roles[static_cast<std::size_t>(column)];
        if (role == core::ColumnRole::Weight && !m_weightColumn)
            m_weightColumn = column;
        if (role != core::ColumnRole::QuasiIdentifier)
            continue;
        auto* item = new QListWidgetItem(names.value(column), m_keys);
        item->setData(Qt::UserRole, column);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(ticked(column) ? Qt::Checked : Qt::Unchecked);
    }
    m_weightLabel->setText(m_weightColumn ? names.value(*m_weightColumn)
                                          : tr("none (an unweighted sample; give a column the Weight role)"));
    static_assert(core::riskMissingSemantics == core::MissingSemantics::Value, "the text below says so");
    m_missingCells->setText(lastResult && lastResult->missingSemantics != core::riskMissingSemantics
                                ? tr("values: a missing cell matches only missing cells here, unlike the search, "
                                     "which matched it to any value")
                                : tr("values: a missing cell matches only missing cells"));
    updateRunWarning();
    updateActions();
}

core::RiskParameters RiskView::parameters() const
{
    core::RiskParameters parameters;
    for (int row = 0; row < m_keys->count(); ++row)
        if (m_keys->item(row)->checkState() == Qt::Checked)
            parameters.keyColumns = parameters.keyColumns.with(m_keys->item(row)->data(Qt::UserRole).toInt());
    parameters.weightColumn = m_weightColumn;
    parameters.samplingFraction = m_samplingPercent->value() / 100.0;
    parameters.k = m_k;
    parameters.threads = m_threads;
    parameters.scoring = static_cast<core::SudaScoring>(m_scoring->currentData().toInt());
    if (m_maxMsuSize->value() > 0)
        parameters.maxMsuSize = m_maxMsuSize->value();
    return parameters;
}

core::RiskSettings RiskView::settings() const
{
    core::RiskSettings settings;
    settings.keyColumns = m_chosenKeys ? *m_chosenKeys : tickedKeyNames();
    settings.samplingFraction = m_samplingPercent->value() / 100.0;
    settings.scoring = static_cast<core::SudaScoring>(m_scoring->currentData().toInt());
    if (m_maxMsuSize->value() > 0)
        settings.maxMsuSize = m_maxMsuSize->value();
    return settings;
}

void RiskView::setSettings(const core::RiskSettings& settings)
{
    m_chosenKeys = settings.keyColumns;
    m_hasSetup = true;
    const QSignalBlocker blockers[] = {QSignalBlocker(m_samplingPercent), QSignalBlocker(m_scoring),
                                       QSignalBlocker(m_maxMsuSize)};
    m_samplingPercent->setValue(100.0 * settings.samplingFraction);
    m_scoring->setCurrentIndex(m_scoring->findData(static_cast<int>(settings.scoring)));
    // A saved project keeps what it was assessed with, bound or none, rather than a new proposal.
    m_maxMsuSize->setValue(settings.maxMsuSize.value_or(0));
    m_maxMsuSizeChosen = true;
    // Shown already: tick the restored columns now rather than when the step is next opened.
    const QSignalBlocker ticking(m_keys);
    for (int row = 0; row < m_keys->count(); ++row) {
        QListWidgetItem* item = m_keys->item(row);
        item->setCheckState(isNamed(*m_chosenKeys, item->text()) ? Qt::Checked : Qt::Unchecked);
    }
    updateRunWarning();
}

void RiskView::assess()
{
    const core::RiskParameters request = parameters();
    if (request.keyColumns.empty()) {
        const QString message = tr("Tick at least one key column.");
        m_status->setText(message);
        Q_EMIT assessmentFailed(message);
        return;
    }
    m_runStatus = tr("Scoring the records on %1…")
                      .arg(countedNoun(static_cast<std::uint64_t>(request.keyColumns.size()), tr("key column"),
                                       tr("key columns")));
    clearResults(m_runStatus);
    // Warned before, and again while nothing tells the pace yet (#35).
    if (!m_runWarning->text().isEmpty())
        m_status->setText(m_runStatus + QLatin1Char(' ') + m_runWarning->text());
    m_progress->setRange(0, 0);
    m_runClock.start();
    m_controller->start(request);
}

void RiskView::cancel()
{
    m_controller->cancel();
}

QList<QLabel*> RiskView::populationLines() const
{
    QList<QLabel*> lines;
    for (int index = 0; index < m_populationBox->count(); ++index)
        if (auto* label = qobject_cast<QLabel*>(m_populationBox->itemAt(index)->widget()))
            lines << label;
    return lines;
}

QStringList RiskView::columnNames() const
{
    QStringList names;
    if (m_table)
        for (const auto& column : m_table->columns)
            names << QString::fromStdString(column.name);
    return names;
}

std::vector<std::string> RiskView::tickedKeyNames() const
{
    std::vector<std::string> names;
    for (int row = 0; row < m_keys->count(); ++row)
        if (m_keys->item(row)->checkState() == Qt::Checked)
            names.push_back(m_keys->item(row)->text().toStdString());
    return names;
}

void RiskView::clearResults(const QString& status)
{
    m_assessment.reset();
    m_staleReason.clear();
    m_riskiestRows.clear();
    m_status->setText(status);
    m_sampleWords->setText(tr("The figures appear here once the risk is assessed."));
    while (QLayoutItem* item = m_populationBox->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_histogram->clear();
    m_contributions->clear();
    m_riskiest->clear();
    m_riskiest->setRowCount(0);
    m_riskiest->setColumnCount(0);
    updateActions();
}

void RiskView::showAssessment(std::shared_ptr<const core::RiskAssessment> assessment)
{
    m_assessment = std::move(assessment);
    m_staleReason.clear();
    const core::RiskAssessment& risk = *m_assessment;
    m_riskiestRows = risk.riskiestRows(listedRecords);
    m_status->setText(tr("Assessed %1 on %2 in %3 s.")
                          .arg(countedNoun(risk.rowCount, tr("record"), tr("records")),
                               countedNoun(risk.keyColumns.size(), tr("key column"), tr("key columns")),
                               QLocale().toString(risk.seconds, 'f', 2)));
    showPlainWords();
    m_histogram->setAssessment(m_assessment);
    m_contributions->setAssessment(risk, columnNames());
    fillRiskiest();
    updateActions();
    Q_EMIT assessmentShown();
}

void RiskView::showPlainWords()
{
    const core::RiskAssessment& risk = *m_assessment;
    const std::uint64_t rows = risk.rowCount;
    QStringList sample;
    if (risk.sample.sampleUniques > 0)
        sample << tr("%1 of %2 records (%3) are unique on the key columns: anyone who knows those values of such a "
                     "person finds exactly one record.")
                      .arg(count(risk.sample.sampleUniques), count(rows),
                           shareText(static_cast<double>(risk.sample.sampleUniques) / static_cast<double>(rows)));
    else if (rows > 0)
        sample << tr("No record is unique on the key columns; every record shares its values with at least %1.")
                      .arg(countedNoun(*std::min_element(risk.classSizes.begin(), risk.classSizes.end()) - 1,
                                       tr("other record"), tr("other records")));
    if (risk.k > 1)
        sample << tr("%1 (%2) share their key values with at most %3.")
                      .arg(countedNoun(risk.sample.recordsAtRisk, tr("record"), tr("records")),
                           shareText(rows == 0
                                         ? 0.0
                                         : static_cast<double>(risk.sample.recordsAtRisk) / static_cast<double>(rows)),
                           countedNoun(risk.k - 1, tr("other record"), tr("other records")));
    if (risk.weightColumn)
        sample << tr("With the sampling weights, an intruder would re-identify about %1 records (%2) on average.")
                      .arg(fourSignificant(risk.global.expectedReidentifications), shareText(risk.global.risk));
    else
        sample << tr("An intruder matching every record against a population no larger than the table would "
                     "re-identify %1 of the records on average.")
                      .arg(shareText(risk.sample.marketerRisk));
    m_sampleWords->setText(sample.join(QLatin1Char(' ')));

    const core::PopulationUniqueness& population = risk.population;
    const QString people = count(static_cast<std::uint64_t>(population.populationSize + 0.5));
    const auto addLine = [this](const QString& text, const QString& toolTip) {
        auto* label = new QLabel(text, this);
        label->setWordWrap(true);
        label->setToolTip(toolTip);
        m_populationBox->addWidget(label);
    };
    if (!population.dankarModel) {
        addLine(tr("With no unique record in the table, no one among the %1 people in the population is estimated "
                   "to be unique on these columns: every model estimates 0.")
                    .arg(people),
                tr("Pitman's, Zayatz's and the SNB model all estimate 0 when the table has no unique record."));
        return;
    }
    const QString ruleTip = dankarRuleText();
    const QString chosen = modelName(populationModelText(*population.dankarModel));
    if (population.dankar) {
        addLine(tr("<b>About %1 of the %2 people in the population are unique on these columns</b>: whoever finds "
                   "a record matching one of them on these values has found that person.")
                    .arg(shareText(*population.dankar), people),
                ruleTip);
        addLine(tr("This is the estimate of %1, the model Dankar et al.'s rule picks for a table holding %2 of the "
                   "population%3. What each model estimates:")
                    .arg(chosen, shareText(risk.samplingFraction), ruleReason(risk)),
                ruleTip);
    } else {
        addLine(tr("No estimate of how many people in the population are unique on these columns: Dankar et al.'s "
                   "rule picks %1 for a table holding %2 of the population, which gives no valid estimate for this "
                   "table's class sizes (ARX shows none either). What each model estimates:")
                    .arg(chosen, shareText(risk.samplingFraction)),
                ruleTip);
    }
    for (const auto& [model, estimate] : {std::pair{core::PopulationModel::Pitman, population.pitman},
                                          std::pair{core::PopulationModel::Zayatz, population.zayatz},
                                          std::pair{core::PopulationModel::Snb, population.snb}}) {
        const PopulationModelText& text = populationModelText(model);
        addLine(QStringLiteral("• ") +
                    (estimate ? tr("%1: about %2.").arg(modelName(text, true), shareText(*estimate))
                              : tr("%1: no valid estimate for this table's class sizes.").arg(modelName(text, true))),
                modelExplanation(text));
    }
}

void RiskView::fillRiskiest()
{
    m_riskiest->clear();
    if (!m_assessment || !m_table) {
        m_riskiest->setRowCount(0);
        m_riskiest->setColumnCount(0);
        return;
    }
    const core::RiskAssessment& risk = *m_assessment;
    const QStringList names = columnNames();
    QStringList headers{tr("Row"),
                        tr("SUDA score"),
                        tr("DIS-SUDA score"),
                        tr("Individual risk"),
                        tr("Class size"),
                        tr("Column contributing most")};
    for (const int column : risk.keyColumns)
        headers << names.value(column);
    m_riskiest->setColumnCount(static_cast<int>(headers.size()));
    m_riskiest->setHorizontalHeaderLabels(headers);
    m_riskiest->setRowCount(static_cast<int>(m_riskiestRows.size()));
    const bool showValues = m_showValues->isChecked();
    QFont redactedFont = font();
    redactedFont.setItalic(true);
    for (std::size_t index = 0; index < m_riskiestRows.size(); ++index) {
        const std::uint32_t row = m_riskiestRows[index];
        const int line = static_cast<int>(index);
        m_riskiest->setItem(line, 0, numberItem(count(std::uint64_t{row} + 1)));
        m_riskiest->setItem(line, 1, numberItem(fourSignificant(risk.sudaScores[row])));
        m_riskiest->setItem(line, 2, numberItem(fourSignificant(risk.disSudaScores[row])));
        m_riskiest->setItem(line, 3, numberItem(fourSignificant(risk.individualRisk[row])));
        m_riskiest->setItem(line, 4, numberItem(count(risk.classSizes[row])));
        const std::optional<std::size_t> top = risk.topContributor(row);
        m_riskiest->setItem(line, 5,
                            new QTableWidgetItem(top ? names.value(risk.keyColumns[*top]) : QStringLiteral("–")));
        for (std::size_t key = 0; key < risk.keyColumns.size(); ++key) {
            auto* item = new QTableWidgetItem;
            if (showValues) {
                item->setText(
                    QString::fromStdString(m_table->text(row, static_cast<std::size_t>(risk.keyColumns[key]))));
            } else {
                item->setText(tr("redacted"));
                item->setFont(redactedFont);
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            }
            m_riskiest->setItem(line, 6 + static_cast<int>(key), item);
        }
    }
    m_riskiest->resizeColumnsToContents();
}

void RiskView::updateActions()
{
    const bool running = m_controller->isRunning();
    m_assessButton->setEnabled(m_table != nullptr && m_keys->count() > 0 && !running);
    m_stopButton->setEnabled(running);
    m_exportReportButton->setEnabled(m_assessment != nullptr && !running);
    m_exportScoresButton->setEnabled(m_assessment != nullptr && !running);
}

void RiskView::markStale()
{
    if (!m_assessment)
        return;
    m_staleReason = tr("The key columns or settings changed after these scores were computed.");
    m_status->setText(staleNotice(m_staleReason, tr("Assess again")));
}

QString RiskView::exportScores(const QString& path) const
{
    if (!m_assessment)
        return tr("there are no scores yet.");
    if (!m_staleReason.isEmpty())
        return tr("the scores are out of date. %1 Assess again, then export.").arg(m_staleReason);
    try {
        core::writeFileAtomically(path.toStdString(), core::recordScoresCsv(*m_assessment));
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void RiskView::chooseScoresExport()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Record Scores"),
        outputSuggestion(QStringLiteral("record-scores.csv"), dialogFolder(DialogFolder::Data)),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Outputs, path);
    const QString problem = exportScores(path);
    if (problem.isEmpty())
        m_status->setText(tr("Scores written to %1.").arg(QDir::toNativeSeparators(path)));
    else
        m_status->setText(tr("The scores were not written: %1").arg(problem));
}

} // namespace qiscout::ui
