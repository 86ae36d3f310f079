// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/results_panel.h"

#include <map>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/report/report_writers.h"

#include "common/column_set_text.h"
#include "common/counted_noun.h"
#include "common/dialog_folder.h"
#include "common/stale_notice.h"
#include "results/quasi_identifier_filter.h"
#include "results/quasi_identifier_model.h"

namespace qiscout::ui {
namespace {

QString countText(std::uint64_t count)
{
    return countedNoun(count, ResultsPanel::tr("quasi-identifier"), ResultsPanel::tr("quasi-identifiers"));
}

} // namespace

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(tr("Run the analysis to list the quasi-identifiers."), this);
    m_status->setObjectName(QStringLiteral("resultsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    connect(m_status, &QLabel::linkActivated, this, &ResultsPanel::runRequested);
    layout->addWidget(m_status);
    // The advice scrolls within a few lines' height, so the list keeps most of a small dock. It
    // sits below the list: shown a moment after a run ends, above it would push the rows down
    // under a click meant for one of them (#35).
    m_findingsArea = new QScrollArea(this);
    m_findingsArea->setWidgetResizable(true);
    m_findingsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_findingsArea->setMaximumHeight(fontMetrics().lineSpacing() * 9);
    m_findings = new QLabel(m_findingsArea);
    m_findings->setObjectName(QStringLiteral("findingsSummary"));
    m_findings->setWordWrap(true);
    m_findings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_findings->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_findings->setMargin(6);
    m_findingsArea->setWidget(m_findings);
    m_findingsArea->hide();

    auto* tools = new QHBoxLayout;
    auto* filterLabel = new QLabel(tr("&With column:"), this);
    m_columnFilter = new QComboBox(this);
    m_columnFilter->setObjectName(QStringLiteral("quasiIdentifierColumnFilter"));
    m_columnFilter->setToolTip(tr("List only the quasi-identifiers that contain this column (in brackets: how many "
                                  "do)."));
    m_columnFilter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_columnFilter->setMinimumContentsLength(12);
    filterLabel->setBuddy(m_columnFilter);
    m_shown = new QLabel(this);
    m_export = new QToolButton(this);
    m_export->setText(tr("E&xport List…"));
    m_export->setToolTip(tr("Write the quasi-identifiers as listed (sorted and filtered) to a CSV file."));
    tools->addWidget(filterLabel);
    tools->addWidget(m_columnFilter, 1);
    tools->addWidget(m_shown);
    tools->addWidget(m_export);
    layout->addLayout(tools);

    m_model = new QuasiIdentifierModel(this);
    m_filter = new QuasiIdentifierFilter(this);
    m_filter->setSourceModel(m_model);
    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("quasiIdentifierList"));
    m_view->setModel(m_filter);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(QuasiIdentifierModel::SetColumn, Qt::AscendingOrder);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto* header = m_view->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QuasiIdentifierModel::SetColumn, QHeaderView::Stretch);
    for (const int column : {QuasiIdentifierModel::IsolatedColumn, QuasiIdentifierModel::SmallestColumn})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_findingsArea);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
        if (index.isValid())
            Q_EMIT setSelected(index.data(QuasiIdentifierModel::SetRole).value<core::ColumnSet>());
    });
    connect(m_columnFilter, &QComboBox::currentIndexChanged, this,
            [this] { filterByColumn(m_columnFilter->currentData().toInt()); });
    connect(m_export, &QToolButton::clicked, this, &ResultsPanel::chooseExportPath);
    updateShownCount();
}

void ResultsPanel::setResult(const core::SearchResult& result, const QStringList& columnNames)
{
    m_findings->clear();
    m_findingsArea->hide();
    m_model->setSets(result.minimalSets, columnNames);

    // The filter offers the columns some set contains, in table order, with how many sets do.
    std::map<int, std::uint64_t> setsWith;
    for (const auto& set : result.minimalSets)
        set.columns.forEach([&setsWith](int column) { ++setsWith[column]; });
    {
        const QSignalBlocker blocker(m_columnFilter);
        m_columnFilter->clear();
        m_columnFilter->addItem(tr("Any"), -1);
        const QLocale locale;
        for (const auto& [column, count] : setsWith)
            m_columnFilter->addItem(
                QStringLiteral("%1 (%2)").arg(columnLabels(core::ColumnSet::single(column), columnNames).front(),
                                              locale.toString(static_cast<qulonglong>(count))),
                column);
    }
    m_filter->setRequiredColumn(-1);
    updateShownCount();

    const auto count = static_cast<std::uint64_t>(result.minimalSets.size());
    if (!result.complete)
        m_summary = tr("Cancelled: %1 found before stopping (k = %2).").arg(countText(count)).arg(result.k);
    else if (count == 0)
        m_summary = tr("No quasi-identifier: every combination of the searched columns keeps everyone in a group of "
                       "more than %1.")
                        .arg(result.k);
    else
        m_summary = tr("%1 for k = %2. Select one to see the rows it singles out.").arg(countText(count)).arg(result.k);
    m_live = false;
    m_staleReason.clear();
    showStatus();
}

void ResultsPanel::clear()
{
    m_model->clear();
    {
        const QSignalBlocker blocker(m_columnFilter);
        m_columnFilter->clear();
    }
    m_filter->setRequiredColumn(-1);
    updateShownCount();
    m_findings->clear();
    m_findingsArea->hide();
    m_summary = tr("Run the analysis to list the quasi-identifiers.");
    m_live = false;
    m_staleReason.clear();
    showStatus();
}

void ResultsPanel::startLive(const QStringList& columnNames)
{
    m_model->startLive(columnNames);
    {
        const QSignalBlocker blocker(m_columnFilter);
        m_columnFilter->clear();
    }
    m_filter->setRequiredColumn(-1);
    m_findings->clear();
    m_live = true;
    m_staleReason.clear();
    updateShownCount();
    showStatus();
}

void ResultsPanel::addFound(const std::vector<core::ColumnSet>& sets)
{
    if (!m_live || sets.empty())
        return;
    m_model->appendLive(sets);
    updateShownCount();
    showStatus();
}

void ResultsPanel::setStale(const QString& reason)
{
    if (reason == m_staleReason)
        return;
    m_staleReason = reason;
    showStatus();
}

QString ResultsPanel::statusText() const
{
    return m_status->text();
}

void ResultsPanel::showStatus()
{
    if (m_live)
        m_status->setText(
            tr("Analysis running: %1 so far, listed as they are found; their rows are counted when it ends.")
                .arg(countText(static_cast<std::uint64_t>(m_model->rowCount())))
                .toHtmlEscaped());
    else if (!m_staleReason.isEmpty())
        m_status->setText(staleNotice(
            m_staleReason + QLatin1Char(' ') + tr("These results were found before that change."), tr("Run again")));
    else
        m_status->setText(m_summary.toHtmlEscaped());
    // The advice belongs to the results it was drawn from.
    m_findingsArea->setVisible(!m_live && m_staleReason.isEmpty() && !m_findings->text().isEmpty());
}

void ResultsPanel::setFindingsSummary(const QStringList& sentences)
{
    QString text = QStringLiteral("<b>%1</b>").arg(tr("What this means"));
    for (const QString& sentence : sentences)
        text += QStringLiteral("<p>%1</p>").arg(sentence.toHtmlEscaped());
    m_findings->setText(sentences.isEmpty() ? QString() : text);
    m_findingsArea->setVisible(!sentences.isEmpty() && !m_live && m_staleReason.isEmpty());
}

std::vector<core::MinimalSet> ResultsPanel::listedSets() const
{
    std::vector<core::MinimalSet> sets;
    sets.reserve(static_cast<std::size_t>(m_filter->rowCount()));
    for (int row = 0; row < m_filter->rowCount(); ++row)
        sets.push_back(m_model->set(m_filter->mapToSource(m_filter->index(row, 0)).row()));
    return sets;
}

bool ResultsPanel::selectSet(const core::ColumnSet& set)
{
    const int row = m_model->rowOf(set);
    if (row < 0)
        return false;
    QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        m_columnFilter->setCurrentIndex(0);
        index = m_filter->mapFromSource(m_model->index(row, 0));
    }
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    return true;
}

void ResultsPanel::filterByColumn(int column)
{
    const int index = m_columnFilter->findData(column);
    if (index < 0)
        return;
    m_columnFilter->setCurrentIndex(index);
    m_filter->setRequiredColumn(column);
    updateShownCount();
}

QString ResultsPanel::exportList(const QString& path) const
{
    std::vector<std::string> names;
    for (const QString& name : m_model->columnNames())
        names.push_back(name.toStdString());
    try {
        core::writeFileAtomically(path.toStdString(), core::minimalSetsCsv(listedSets(), names));
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void ResultsPanel::chooseExportPath()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Quasi-identifiers"),
        outputSuggestion(QStringLiteral("quasi-identifiers.csv"), dialogFolder(DialogFolder::Data)),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Outputs, path);
    const QString problem = exportList(path);
    m_status->setText((problem.isEmpty() ? tr("%1 written to %2.")
                                               .arg(countText(static_cast<std::uint64_t>(m_filter->rowCount())),
                                                    QDir::toNativeSeparators(path))
                                         : tr("The list was not written: %1").arg(problem))
                          .toHtmlEscaped());
}

void ResultsPanel::updateShownCount()
{
    const int shown = m_filter->rowCount();
    const int all = m_model->rowCount();
    const QLocale locale;
    m_shown->setText(shown == all ? QString() : tr("%1 of %2").arg(locale.toString(shown), locale.toString(all)));
    // A running search's list has no row counts and no column filter yet.
    m_columnFilter->setEnabled(all > 0 && !m_live);
    m_export->setEnabled(shown > 0 && !m_live);
}

} // namespace qiscout::ui
