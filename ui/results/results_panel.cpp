// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/results_panel.h"

#include <map>
#include <span>

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "common/column_set_text.h"

namespace qiscout::ui {
namespace {

enum Column { SetColumn, IsolatedColumn, SmallestColumn, ColumnCount };

enum ItemRole {
    ColumnsRole = Qt::UserRole,
    IsolatedRole,
    SmallestRole,
};

QVariant columnsData(const core::ColumnSet& set)
{
    QList<int> columns;
    set.forEach([&columns](int column) { columns.append(column); });
    return QVariant::fromValue(columns);
}

core::ColumnSet columnsOf(const QTreeWidgetItem* item)
{
    const auto columns = item->data(SetColumn, ColumnsRole).value<QList<int>>();
    return core::ColumnSet::fromColumns(std::span<const int>(columns.data(), static_cast<std::size_t>(columns.size())));
}

QString countText(int count)
{
    return count == 1 ? ResultsPanel::tr("1 quasi-identifier") : ResultsPanel::tr("%1 quasi-identifiers").arg(count);
}

} // namespace

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(tr("Run the analysis to list the quasi-identifiers."), this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    // The advice scrolls within a few lines' height, so the list below keeps most of a small dock.
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
    layout->addWidget(m_findingsArea);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Quasi-identifier"), tr("Isolated rows"), tr("Smallest group")});
    m_tree->headerItem()->setToolTip(SetColumn, tr("A smallest combination of columns that singles someone out: "
                                                   "removing any one of its columns makes it safe."));
    m_tree->headerItem()->setToolTip(IsolatedColumn, tr("How many people are in a group of at most k on these "
                                                        "columns, and could be re-identified."));
    m_tree->headerItem()->setToolTip(SmallestColumn, tr("The fewest people sharing one combination of values."));
    m_tree->header()->setSectionResizeMode(SetColumn, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(IsolatedColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(SmallestColumn, QHeaderView::ResizeToContents);
    m_tree->setUniformRowHeights(true);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item && item->parent())
            Q_EMIT setSelected(columnsOf(item));
    });
}

void ResultsPanel::setResult(const core::SearchResult& result, const QStringList& columnNames)
{
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    m_findings->clear();
    m_findingsArea->hide();
    const QLocale locale;
    std::map<int, std::vector<const core::MinimalSet*>> bySize;
    for (const auto& set : result.minimalSets)
        bySize[set.columns.size()].push_back(&set);
    for (const auto& [size, sets] : bySize) {
        auto* group = new QTreeWidgetItem(m_tree);
        group->setText(SetColumn,
                       (size == 1 ? tr("1 column") : tr("%1 columns").arg(size)) + QStringLiteral(" — ") +
                           (sets.size() == 1 ? tr("1 quasi-identifier") : tr("%1 quasi-identifiers").arg(sets.size())));
        group->setFirstColumnSpanned(true);
        group->setFlags(Qt::ItemIsEnabled);
        for (const auto* set : sets) {
            auto* item = new QTreeWidgetItem(group);
            item->setText(SetColumn, describeSet(set->columns, columnNames));
            item->setText(IsolatedColumn, locale.toString(static_cast<qulonglong>(set->isolatedRows)));
            item->setText(SmallestColumn, locale.toString(static_cast<qulonglong>(set->smallestClass)));
            item->setTextAlignment(IsolatedColumn, Qt::AlignRight | Qt::AlignVCenter);
            item->setTextAlignment(SmallestColumn, Qt::AlignRight | Qt::AlignVCenter);
            item->setData(SetColumn, ColumnsRole, columnsData(set->columns));
            item->setData(SetColumn, IsolatedRole, static_cast<qulonglong>(set->isolatedRows));
            item->setData(SetColumn, SmallestRole, static_cast<qulonglong>(set->smallestClass));
            item->setToolTip(SetColumn, describeSet(set->columns, columnNames) + QLatin1Char('\n') +
                                            tr("Select to see the rows these columns single out."));
        }
    }
    m_tree->expandAll();
    const auto count = static_cast<int>(result.minimalSets.size());
    if (!result.complete)
        m_summary = tr("Cancelled: %1 found before stopping (k = %2).").arg(countText(count)).arg(result.k);
    else if (count == 0)
        m_summary = tr("No quasi-identifier: every combination of the searched columns keeps everyone in a group of "
                       "more than %1.")
                        .arg(result.k);
    else
        m_summary = tr("%1 for k = %2. Select one to see the rows it singles out.").arg(countText(count)).arg(result.k);
    m_outdated = false;
    m_status->setText(m_summary);
}

void ResultsPanel::clear()
{
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    m_findings->clear();
    m_findingsArea->hide();
    m_summary = tr("Run the analysis to list the quasi-identifiers.");
    m_outdated = false;
    m_status->setText(m_summary);
}

void ResultsPanel::setOutdated(bool outdated)
{
    if (outdated == m_outdated || m_tree->topLevelItemCount() == 0)
        return;
    m_outdated = outdated;
    m_status->setText(outdated ? tr("Analysis running; these are the previous results.") : m_summary);
    // The advice belongs to the results it was drawn from.
    m_findingsArea->setVisible(!outdated && !m_findings->text().isEmpty());
}

void ResultsPanel::setFindingsSummary(const QStringList& sentences)
{
    QString text = QStringLiteral("<b>%1</b>").arg(tr("What this means"));
    for (const QString& sentence : sentences)
        text += QStringLiteral("<p>%1</p>").arg(sentence.toHtmlEscaped());
    m_findings->setText(sentences.isEmpty() ? QString() : text);
    m_findingsArea->setVisible(!sentences.isEmpty() && !m_outdated);
}

std::vector<core::MinimalSet> ResultsPanel::listedSets() const
{
    std::vector<core::MinimalSet> sets;
    for (int group = 0; group < m_tree->topLevelItemCount(); ++group) {
        const auto* groupItem = m_tree->topLevelItem(group);
        for (int child = 0; child < groupItem->childCount(); ++child) {
            const auto* item = groupItem->child(child);
            core::MinimalSet set;
            set.columns = columnsOf(item);
            set.isolatedRows = item->data(SetColumn, IsolatedRole).toULongLong();
            set.smallestClass = item->data(SetColumn, SmallestRole).toULongLong();
            sets.push_back(set);
        }
    }
    return sets;
}

bool ResultsPanel::selectSet(const core::ColumnSet& set)
{
    for (int group = 0; group < m_tree->topLevelItemCount(); ++group) {
        auto* groupItem = m_tree->topLevelItem(group);
        for (int child = 0; child < groupItem->childCount(); ++child) {
            auto* item = groupItem->child(child);
            if (columnsOf(item) == set) {
                m_tree->setCurrentItem(item);
                m_tree->scrollToItem(item);
                return true;
            }
        }
    }
    return false;
}

} // namespace qiscout::ui
