// SPDX-License-Identifier: GPL-3.0-or-later
#include "columns/column_panel.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "qiscout/core/lattice/lattice_layout.h"

#include "columns/identifier_hint.h"
#include "common/whole_header_labels.h"
#include "table/display_string.h"

namespace qiscout::ui {
namespace {

enum Column { NameColumn, RoleColumn, DistinctColumn, MissingColumn, TypeColumn, ColumnCount };

struct RoleChoice {
    core::ColumnRole role;
    const char* label;
    const char* help;
};

constexpr std::array<RoleChoice, 5> roleChoices{{
    {core::ColumnRole::QuasiIdentifier, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Candidate"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "Something an outsider might know about a person (age, postcode, job): searched.")},
    {core::ColumnRole::Ignored, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Ignore"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Left out of the search and the report.")},
    {core::ColumnRole::DirectIdentifier, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Direct identifier"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "Names a person outright (name, ID number): not searched, listed in the report for removal.")},
    {core::ColumnRole::Sensitive, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Sensitive"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "What must stay secret (diagnosis, income): not searched, kept for the report.")},
    {core::ColumnRole::Weight, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Weight"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "How many people each row stands for (a survey's sampling weight): not searched, used for "
                       "the individual risk.")},
}};

const RoleChoice& choiceOf(core::ColumnRole role)
{
    for (const RoleChoice& choice : roleChoices)
        if (choice.role == role)
            return choice;
    return roleChoices.front();
}

} // namespace

ColumnPanel::ColumnPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tree = new QTreeWidget(this);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Column"), tr("Role"), tr("Distinct"), tr("Missing"), tr("Type")});
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    showWholeHeaderLabels(m_tree->header());
    m_tree->setToolTip(tr("Choose what each column is. Select several columns (Shift or Ctrl and click) to give "
                          "them one role. Only candidates are searched for quasi-identifiers."));
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    layout->addWidget(m_tree);

    m_roleBox = new QComboBox(this);
    m_roleBox->setToolTip(tr("The role of the selected columns; only candidates are searched."));
    for (const RoleChoice& choice : roleChoices) {
        m_roleBox->addItem(tr(choice.label), static_cast<int>(choice.role));
        m_roleBox->setItemData(m_roleBox->count() - 1, tr(choice.help), Qt::ToolTipRole);
        auto* action = new QAction(tr("Set to %1").arg(tr(choice.label)), m_tree);
        action->setToolTip(tr(choice.help));
        const core::ColumnRole role = choice.role;
        connect(action, &QAction::triggered, this, [this, role] { applyToSelection(role); });
        m_tree->addAction(action);
    }
    m_roleBox->setEnabled(false);
    connect(m_roleBox, &QComboBox::activated, this,
            [this](int index) { applyToSelection(static_cast<core::ColumnRole>(m_roleBox->itemData(index).toInt())); });
    auto* roleRow = new QFormLayout;
    roleRow->addRow(tr("&Role of selected:"), m_roleBox);
    layout->addLayout(roleRow);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &ColumnPanel::showSelectionRole);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("columnSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
}

void ColumnPanel::setTable(const std::shared_ptr<const core::EncodedTable>& table)
{
    m_tree->clear();
    m_likelyIdentifier.clear();
    m_identifierWarnings.clear();
    if (table) {
        const QLocale locale;
        QList<QTreeWidgetItem*> items;
        items.reserve(static_cast<qsizetype>(table->columnCount()));
        std::vector<int> proposed;
        for (std::size_t index = 0; index < table->columnCount(); ++index) {
            const auto& column = table->columns[index];
            const IdentifierHint hint = identifierHint(*table, column);
            const bool unique = column.distinctCount() == table->rowCount;
            m_likelyIdentifier.push_back(hint != IdentifierHint::None);
            if (hint == IdentifierHint::Proposed)
                proposed.push_back(static_cast<int>(index));
            auto* item = new QTreeWidgetItem;
            item->setText(NameColumn, displayString(column.name));
            item->setText(DistinctColumn, locale.toString(static_cast<qulonglong>(column.distinctCount())));
            item->setText(MissingColumn, locale.toString(static_cast<qulonglong>(column.missingCells())));
            item->setText(TypeColumn, QString::fromUtf8(core::toString(column.type)));
            item->setTextAlignment(DistinctColumn, Qt::AlignRight | Qt::AlignVCenter);
            item->setTextAlignment(MissingColumn, Qt::AlignRight | Qt::AlignVCenter);
            // The variable label of an SPSS, Stata or SAS file says what a short name means.
            const QString description = displayString(column.description);
            QString warning;
            if (hint == IdentifierHint::Proposed)
                warning = tr("Named as an identifier, and every row has its own value: this column alone singles "
                             "out every person. It starts as a direct identifier, to remove before publishing.");
            else if (hint != IdentifierHint::None && unique)
                warning = tr("Every row has its own value here, so this column alone singles out every person. It is "
                             "likely a direct identifier (a name or an ID number) to remove before publishing.");
            else if (hint != IdentifierHint::None)
                warning = tr("Named as an identifier, with few rows to each value: it likely identifies a household "
                             "or a person and links their rows. Remove or replace it before publishing.");
            m_identifierWarnings.push_back(warning);
            item->setData(NameColumn, Qt::UserRole, description);
            items.append(item);
        }
        // One insertion: a row at a time re-lays the list out thousands of times on wide tables.
        m_tree->addTopLevelItems(items);
        for (int column = 0; column < m_tree->topLevelItemCount(); ++column)
            storeRole(column, core::ColumnRole::QuasiIdentifier);
        for (const int column : proposed)
            storeRole(column, core::ColumnRole::DirectIdentifier);
    }
    // A new table's columns start at the top left, wherever the last table's list was scrolled.
    m_tree->scrollToTop();
    m_tree->horizontalScrollBar()->setValue(0);
    showSelectionRole();
    updateSummary();
}

std::vector<core::ColumnRole> ColumnPanel::roles() const
{
    std::vector<core::ColumnRole> result;
    for (int column = 0; column < m_tree->topLevelItemCount(); ++column)
        result.push_back(role(column));
    return result;
}

core::ColumnRole ColumnPanel::role(int column) const
{
    const auto* item = m_tree->topLevelItem(column);
    return item ? static_cast<core::ColumnRole>(item->data(RoleColumn, Qt::UserRole).toInt())
                : core::ColumnRole::Ignored;
}

bool ColumnPanel::storeRole(int column, core::ColumnRole role)
{
    auto* item = m_tree->topLevelItem(column);
    if (item == nullptr || (item->data(RoleColumn, Qt::UserRole).isValid() && this->role(column) == role))
        return false;
    const RoleChoice& choice = choiceOf(role);
    item->setData(RoleColumn, Qt::UserRole, static_cast<int>(role));
    item->setText(RoleColumn, tr(choice.label));
    item->setToolTip(RoleColumn, tr(choice.help));
    showIdentifierWarning(column);
    return true;
}

bool ColumnPanel::hasOpenIdentifierWarning(int column) const
{
    // Marked as a direct identifier, the column is dealt with: the warning goes (#35).
    return column >= 0 && static_cast<std::size_t>(column) < m_identifierWarnings.size() &&
           !m_identifierWarnings[static_cast<std::size_t>(column)].isEmpty() &&
           role(column) != core::ColumnRole::DirectIdentifier;
}

void ColumnPanel::showIdentifierWarning(int column)
{
    auto* item = m_tree->topLevelItem(column);
    if (item == nullptr)
        return;
    // The reason stays in the tooltip once the column is marked; only the icon goes.
    QString tip = item->data(NameColumn, Qt::UserRole).toString();
    const QString reason = static_cast<std::size_t>(column) < m_identifierWarnings.size()
                               ? m_identifierWarnings[static_cast<std::size_t>(column)]
                               : QString();
    if (!reason.isEmpty())
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n\n")) + reason;
    const bool warned = hasOpenIdentifierWarning(column);
    item->setIcon(NameColumn, warned ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    item->setToolTip(NameColumn, tip);
}

void ColumnPanel::keepOneWeight(int chosen)
{
    // Sampling weights come from one column (#35): choosing another demotes the previous one.
    for (int column = 0; column < m_tree->topLevelItemCount(); ++column)
        if (column != chosen && role(column) == core::ColumnRole::Weight)
            storeRole(column, core::ColumnRole::Ignored);
}

void ColumnPanel::setRole(int column, core::ColumnRole role)
{
    if (!storeRole(column, role))
        return;
    if (role == core::ColumnRole::Weight)
        keepOneWeight(column);
    showSelectionRole();
    updateSummary();
    Q_EMIT rolesEdited();
}

void ColumnPanel::setRoles(const std::vector<core::ColumnRole>& roles)
{
    const auto count = std::min<std::size_t>(roles.size(), static_cast<std::size_t>(m_tree->topLevelItemCount()));
    for (std::size_t column = 0; column < count; ++column)
        storeRole(static_cast<int>(column), roles[column]);
    showSelectionRole();
    updateSummary();
}

void ColumnPanel::selectColumns(const std::vector<int>& columns)
{
    m_tree->clearSelection();
    for (const int column : columns)
        if (auto* item = m_tree->topLevelItem(column))
            item->setSelected(true);
}

void ColumnPanel::applyToSelection(core::ColumnRole role)
{
    bool changed = false;
    std::optional<int> first;
    for (QTreeWidgetItem* item : m_tree->selectedItems()) {
        const int column = m_tree->indexOfTopLevelItem(item);
        first = std::min(first.value_or(column), column);
        changed = storeRole(column, role) || changed;
    }
    if (role == core::ColumnRole::Weight && first)
        keepOneWeight(*first);
    showSelectionRole();
    if (!changed)
        return;
    updateSummary();
    Q_EMIT rolesEdited();
}

void ColumnPanel::showSelectionRole()
{
    const QList<QTreeWidgetItem*> selected = m_tree->selectedItems();
    const QSignalBlocker blocker(m_roleBox);
    m_roleBox->setEnabled(!selected.isEmpty());
    std::optional<int> common;
    for (const QTreeWidgetItem* item : selected) {
        const int value = item->data(RoleColumn, Qt::UserRole).toInt();
        if (common && *common != value) {
            common.reset();
            break;
        }
        common = value;
    }
    m_roleBox->setCurrentIndex(common ? m_roleBox->findData(*common) : -1);
}

core::ColumnSet ColumnPanel::searchedColumns() const
{
    std::vector<int> candidates;
    for (int column = 0; column < m_tree->topLevelItemCount(); ++column)
        if (role(column) == core::ColumnRole::QuasiIdentifier)
            candidates.push_back(column);
    return core::ColumnSet::fromColumns(candidates);
}

bool ColumnPanel::isLikelyDirectIdentifier(int column) const
{
    return column >= 0 && static_cast<std::size_t>(column) < m_likelyIdentifier.size() &&
           m_likelyIdentifier[static_cast<std::size_t>(column)];
}

QString ColumnPanel::searchProblem() const
{
    if (searchedColumns().empty())
        return tr("No column is a candidate. Select the columns an outsider might know and set their role to "
                  "Candidate.");
    return {};
}

void ColumnPanel::updateSummary()
{
    if (m_tree->topLevelItemCount() == 0) {
        m_summary->clear();
        return;
    }
    const core::ColumnSet searched = searchedColumns();
    int flagged = 0;
    int proposed = 0;
    for (int column = 0; column < m_tree->topLevelItemCount(); ++column) {
        flagged += hasOpenIdentifierWarning(column) ? 1 : 0;
        proposed += isLikelyDirectIdentifier(column) && role(column) == core::ColumnRole::DirectIdentifier ? 1 : 0;
    }
    QString text = (searched.size() == 1 ? tr("1 column will be searched.")
                                         : tr("%1 columns will be searched.").arg(searched.size()));
    if (const int drawn = core::LatticeLayout(searched, 0).levelCount(); drawn < searched.size())
        text += QLatin1Char(' ') + tr("The lattice view draws the combinations of up to %1 columns; larger ones are "
                                      "searched but not drawn.")
                                       .arg(drawn);
    if (flagged > 0)
        text += QLatin1Char(' ') +
                (flagged == 1 ? tr("1 column looks like a direct identifier (marked with a warning).")
                              : tr("%1 columns look like direct identifiers (marked with a warning).").arg(flagged));
    if (proposed > 0)
        text += QLatin1Char(' ') +
                (proposed == 1
                     ? tr("1 column is marked as a direct identifier, to remove before publishing.")
                     : tr("%1 columns are marked as direct identifiers, to remove before publishing.").arg(proposed));
    m_summary->setText(text);
}

} // namespace qiscout::ui
