// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: the editor shows, builds (intervals, masking, dates, ordered groups) and checks a
// generalisation hierarchy in one dialog; each builder's controls are a few lines of the same form.
#include "protect/hierarchy_editor.h"

#include <algorithm>
#include <exception>
#include <set>

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/group_label_order.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/protection_suggestion.h"

#include "common/dialog_folder.h"
#include "common/shown_text.h"
#include "protect/hierarchy_model.h"

namespace qiscout::ui {

namespace {

/// Widest a path in the status line is laid out, so that a deep folder does not push the line's
/// point out of sight (#39).
constexpr int hierarchyStatusPathWidth = 360;

/// `text` with `path` in it elided to what the status label shows.
QString withShownPath(QString text, const QString& path, const QLabel& label)
{
    return text.replace(path, elidedPath(path, label.fontMetrics(), hierarchyStatusPathWidth));
}

/// Groups listed per level in the preview; the rest are summed up in one line.
constexpr int previewGroupsPerLevel = 60;
constexpr int undoLimit = 100;

} // namespace

/// One change of the editor's columns, undone by restoring the whole list (hierarchies are
/// values, so a snapshot is the simplest exact undo).
class HierarchyEditor::EntriesCommand : public QUndoCommand {
public:
    EntriesCommand(HierarchyEditor& editor, std::vector<Entry> before, std::vector<Entry> after, int column,
                   const QString& text)
        : QUndoCommand(text)
        , m_editor(editor)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_column(column)
    {}
    void undo() override { m_editor.setEntries(m_before, m_column); }
    void redo() override { m_editor.setEntries(m_after, m_column); }

private:
    HierarchyEditor& m_editor;
    std::vector<Entry> m_before;
    std::vector<Entry> m_after;
    int m_column;
};

HierarchyEditor::HierarchyEditor(QWidget* parent) : QWidget(parent), m_undo(new QUndoStack(this))
{
    m_undo->setUndoLimit(undoLimit);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    layout->addWidget(splitter);

    auto* top = new QWidget(splitter);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* hint = new QLabel(tr("Tick the columns to coarsen (quasi-identifiers); select one to choose how."), top);
    hint->setWordWrap(true);
    topLayout->addWidget(hint);
    m_columns = new QListWidget(top);
    m_columns->setObjectName(QStringLiteral("protectColumns"));
    topLayout->addWidget(m_columns);
    splitter->addWidget(top);

    auto* detail = new QWidget(splitter);
    auto* detailLayout = new QVBoxLayout(detail);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    auto* titleRow = new QHBoxLayout;
    m_title = new QLabel(detail);
    m_title->setWordWrap(true);
    titleRow->addWidget(m_title, 1);
    const auto addTool = [detail, titleRow](const QString& text, const QString& tip) {
        auto* button = new QToolButton(detail);
        button->setText(text);
        button->setToolTip(tip);
        titleRow->addWidget(button);
        return button;
    };
    auto* undo = addTool(tr("Undo"), tr("Undo the last change to the columns or their groups"));
    auto* redo = addTool(tr("Redo"), tr("Redo"));
    auto* importButton = addTool(tr("Import…"), tr("Read the groups from a CSV file in ARX's layout: one line per "
                                                   "value, value;level 1;level 2;..."));
    auto* exportButton = addTool(tr("Export…"), tr("Write the groups as a CSV file in ARX's layout"));
    connect(undo, &QToolButton::clicked, m_undo, &QUndoStack::undo);
    connect(redo, &QToolButton::clicked, m_undo, &QUndoStack::redo);
    connect(m_undo, &QUndoStack::canUndoChanged, undo, &QToolButton::setEnabled);
    connect(m_undo, &QUndoStack::canRedoChanged, redo, &QToolButton::setEnabled);
    undo->setEnabled(false);
    redo->setEnabled(false);
    connect(importButton, &QToolButton::clicked, this, &HierarchyEditor::chooseImport);
    connect(exportButton, &QToolButton::clicked, this, &HierarchyEditor::chooseExport);
    detailLayout->addLayout(titleRow);

    m_builder = new HierarchyBuilderPanel(detail);
    detailLayout->addWidget(m_builder);

    auto* tabs = new QTabWidget(detail);
    m_preview = new QTreeWidget(tabs);
    m_preview->setColumnCount(2);
    m_preview->setHeaderLabels({tr("Group"), tr("Rows")});
    m_preview->header()->setStretchLastSection(false);
    m_preview->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_preview->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    tabs->addTab(m_preview, tr("Groups per level"));

    auto* gridPage = new QWidget(tabs);
    auto* gridLayout = new QVBoxLayout(gridPage);
    gridLayout->setContentsMargins(0, 0, 0, 0);
    m_model = new HierarchyModel(this);
    m_grid = new QTableView(gridPage);
    m_grid->setModel(m_model);
    m_grid->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_grid->verticalHeader()->setDefaultSectionSize(m_grid->fontMetrics().height() + 6);
    m_grid->setSelectionMode(QAbstractItemView::ExtendedSelection);
    gridLayout->addWidget(m_grid);
    auto* gridButtons = new QHBoxLayout;
    m_groupName = new QLineEdit(gridPage);
    m_groupName->setPlaceholderText(tr("New group name"));
    auto* groupButton = new QPushButton(tr("Group selected"), gridPage);
    groupButton->setToolTip(tr("Give the selected values this group name at the selected level (and the same groups "
                               "above it), building your own tree of groups"));
    auto* addLevelButton = new QPushButton(tr("Add level"), gridPage);
    addLevelButton->setToolTip(tr("Insert a copy of the selected level above it, to split or rename its groups"));
    m_removeLevel = new QPushButton(tr("Remove level"), gridPage);
    gridButtons->addWidget(m_groupName, 1);
    gridButtons->addWidget(groupButton);
    gridButtons->addWidget(addLevelButton);
    gridButtons->addWidget(m_removeLevel);
    gridLayout->addLayout(gridButtons);
    tabs->addTab(gridPage, tr("Edit the groups"));
    detailLayout->addWidget(tabs, 1);

    m_status = new QLabel(detail);
    m_status->setWordWrap(true);
    // Plain, so that a column's name or a file's ("a<b&c.csv") is shown as it is.
    m_status->setTextFormat(Qt::PlainText);
    detailLayout->addWidget(m_status);
    splitter->addWidget(detail);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);

    connect(m_columns, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_updating)
            selectColumn(row);
    });
    connect(m_columns, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (m_updating)
            return;
        const int column = m_columns->row(item);
        std::vector<Entry> entries = m_entries;
        Entry& entry = entries[static_cast<std::size_t>(column)];
        entry.generalised = item->checkState() == Qt::Checked;
        if (entry.generalised && entry.hierarchy.rows.empty())
            entry = defaultEntry(column);
        const QString name = QString::fromStdString(m_table->columns[static_cast<std::size_t>(column)].name);
        m_column = column;
        change(std::move(entries), entry.generalised ? tr("Coarsen %1").arg(name) : tr("Keep %1 as it is").arg(name));
    });
    connect(m_builder, &HierarchyBuilderPanel::optionsEdited, this, &HierarchyEditor::rebuildFromOptions);
    connect(m_model, &HierarchyModel::hierarchyEdited, this, [this](const core::Hierarchy& edited) {
        std::vector<Entry> entries = m_entries;
        Entry& entry = entries[static_cast<std::size_t>(m_column)];
        entry.hierarchy = edited;
        entry.kind = HierarchyKind::Custom;
        entry.source = tr("edited");
        entry.generalised = true;
        change(std::move(entries), tr("Edit a group"));
    });
    connect(groupButton, &QPushButton::clicked, this, [this] {
        if (!m_groupName->text().trimmed().isEmpty())
            groupSelected();
    });
    connect(addLevelButton, &QPushButton::clicked, this, &HierarchyEditor::addLevel);
    connect(m_removeLevel, &QPushButton::clicked, this, &HierarchyEditor::removeLevel);
    refreshColumn();
}

HierarchyEditor::~HierarchyEditor() = default;

void HierarchyEditor::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_table = std::move(table);
    m_builderColumn = nullptr;
    m_entries.assign(m_table ? m_table->columnCount() : 0, Entry{});
    m_column = m_entries.empty() ? -1 : 0;
    m_undo->clear();
    refreshList();
    refreshColumn();
}

HierarchyEditor::Entry HierarchyEditor::defaultEntry(int column) const
{
    Entry entry;
    entry.generalised = true;
    entry.hierarchy =
        core::withoutRedundantLevels(core::automaticHierarchy(m_table->columns[static_cast<std::size_t>(column)]));
    entry.source = QStringLiteral("automatic");
    entry.kind = HierarchyKind::Automatic;
    return entry;
}

void HierarchyEditor::setQuasiIdentifiers(const std::vector<core::ProtectedColumnSetting>& columns)
{
    if (!m_table)
        return;
    std::vector<Entry> entries(m_table->columnCount());
    int first = -1;
    for (const auto& setting : columns)
        for (std::size_t column = 0; column < m_table->columnCount(); ++column)
            if (m_table->columns[column].name == setting.column) {
                Entry& entry = entries[column];
                entry.generalised = true;
                entry.hierarchy = setting.hierarchy;
                entry.source = QString::fromStdString(setting.hierarchySource);
                entry.kind = setting.hierarchySource == "automatic" ? HierarchyKind::Automatic : HierarchyKind::Custom;
                first = first < 0 ? static_cast<int>(column) : std::min(first, static_cast<int>(column));
            }
    m_undo->clear();
    showEntries(entries, first >= 0 ? first : (entries.empty() ? -1 : 0));
}

std::vector<core::ProtectedColumnSetting> HierarchyEditor::quasiIdentifiers() const
{
    std::vector<core::ProtectedColumnSetting> result;
    for (std::size_t column = 0; column < m_entries.size(); ++column)
        if (m_entries[column].generalised)
            result.push_back(
                {m_table->columns[column].name, m_entries[column].hierarchy, m_entries[column].source.toStdString()});
    return result;
}

core::ProtectedColumnSetting HierarchyEditor::columnHierarchy(int column) const
{
    if (!m_table || column < 0 || static_cast<std::size_t>(column) >= m_entries.size())
        return {};
    const Entry& held = m_entries[static_cast<std::size_t>(column)];
    const Entry entry = held.hierarchy.rows.empty() ? defaultEntry(column) : held;
    return {m_table->columns[static_cast<std::size_t>(column)].name, entry.hierarchy, entry.source.toStdString()};
}

void HierarchyEditor::setKeptColumnHierarchy(int column, const core::Hierarchy& hierarchy, const QString& source)
{
    if (!m_table || column < 0 || static_cast<std::size_t>(column) >= m_entries.size() ||
        m_entries[static_cast<std::size_t>(column)].generalised)
        return;
    std::vector<Entry> entries = m_entries;
    Entry& entry = entries[static_cast<std::size_t>(column)];
    entry.hierarchy = hierarchy;
    entry.source = source;
    entry.kind = source == QStringLiteral("automatic") ? HierarchyKind::Automatic : HierarchyKind::Custom;
    showEntries(entries, m_column);
}

void HierarchyEditor::setEntries(const std::vector<Entry>& entries, int column)
{
    showEntries(entries, column);
    Q_EMIT edited();
}

void HierarchyEditor::showEntries(const std::vector<Entry>& entries, int column)
{
    m_entries = entries;
    m_column = column;
    refreshList();
    refreshColumn();
}

void HierarchyEditor::change(std::vector<Entry> entries, const QString& text)
{
    m_undo->push(new EntriesCommand(*this, m_entries, std::move(entries), m_column, text));
}

void HierarchyEditor::selectColumn(int column)
{
    if (column < 0 || static_cast<std::size_t>(column) >= m_entries.size())
        return;
    m_column = column;
    refreshColumn();
}

void HierarchyEditor::refreshList()
{
    m_updating = true;
    m_columns->clear();
    if (m_table) {
        for (std::size_t column = 0; column < m_entries.size(); ++column) {
            const Entry& entry = m_entries[column];
            const QString name = QString::fromStdString(m_table->columns[column].name);
            auto* item = new QListWidgetItem(
                entry.generalised ? tr("%1 — levels: %2").arg(name).arg(entry.hierarchy.height()) : name, m_columns);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(entry.generalised ? Qt::Checked : Qt::Unchecked);
        }
    }
    m_columns->setCurrentRow(m_column);
    m_updating = false;
}

void HierarchyEditor::refreshColumn()
{
    const bool valid = m_table && m_column >= 0 && static_cast<std::size_t>(m_column) < m_entries.size();
    m_builder->setEnabled(valid);
    m_grid->setEnabled(valid);
    if (!valid) {
        m_title->setText(tr("Open a table to choose its columns."));
        m_model->setHierarchy({});
        m_preview->clear();
        m_status->clear();
        return;
    }
    const core::EncodedColumn& column = m_table->columns[static_cast<std::size_t>(m_column)];
    const Entry& entry = m_entries[static_cast<std::size_t>(m_column)];
    m_title->setText(tr("<b>%1</b>: %2 different values")
                         .arg(QString::fromStdString(column.name).toHtmlEscaped(),
                              QLocale().toString(static_cast<qulonglong>(column.distinctCount()))));
    m_updating = true;
    // Only a new column resets the options: rebuilding from them must leave what the user typed
    // in place (#35: the boundaries vanished after Enter).
    if (m_builderColumn != &column) {
        m_builderColumn = &column;
        m_builder->setColumn(&column);
    }
    m_builder->setKind(entry.generalised ? entry.kind : HierarchyKind::Automatic);
    m_updating = false;
    m_model->setHierarchy(entry.hierarchy);
    refreshPreview();
}

void HierarchyEditor::refreshPreview()
{
    m_preview->clear();
    m_previewGroups.clear();
    const Entry& entry = m_entries[static_cast<std::size_t>(m_column)];
    if (!entry.generalised || entry.hierarchy.rows.empty()) {
        m_status->setText(tr("Published as it is. Tick the column to coarsen it."));
        m_removeLevel->setEnabled(false);
        return;
    }
    m_removeLevel->setEnabled(entry.hierarchy.height() >= 2);
    try {
        const core::ColumnHierarchy bound =
            core::bindHierarchy(entry.hierarchy, *m_table, m_column, entry.source.toStdString());
        const QLocale locale;
        for (int level = 0; level <= bound.height(); ++level) {
            const core::HierarchyLevel& groups = bound.levels[static_cast<std::size_t>(level)];
            m_previewGroups.push_back(groups.groups());
            auto* item = new QTreeWidgetItem(m_preview);
            item->setText(0, level == 0
                                 ? tr("Original values: %n different", nullptr, static_cast<int>(groups.groups()))
                                 : tr("Level %1: groups left: %2").arg(level).arg(groups.groups()));
            // In the order of the values ("< 2", "[2, 3)", "[3, 4)", ...), so a level reads as a scale (#35).
            std::vector<std::uint32_t> order(groups.groups());
            for (std::uint32_t group = 0; group < groups.groups(); ++group)
                order[group] = group;
            std::stable_sort(order.begin(), order.end(), [&groups](std::uint32_t a, std::uint32_t b) {
                return core::groupLabelBefore(groups.groupText[a], groups.groupText[b]);
            });
            std::uint64_t restRows = 0;
            for (std::size_t index = 0; index < order.size(); ++index) {
                const std::uint32_t group = order[index];
                if (index >= static_cast<std::size_t>(previewGroupsPerLevel)) {
                    restRows += groups.groupRows[group];
                    continue;
                }
                auto* child = new QTreeWidgetItem(item);
                child->setText(0, QString::fromStdString(groups.groupText[group]));
                child->setText(1, locale.toString(static_cast<qulonglong>(groups.groupRows[group])));
            }
            if (order.size() > static_cast<std::size_t>(previewGroupsPerLevel)) {
                auto* rest = new QTreeWidgetItem(item);
                rest->setText(0,
                              tr("… %n more groups", nullptr, static_cast<int>(order.size()) - previewGroupsPerLevel));
                rest->setText(1, locale.toString(static_cast<qulonglong>(restRows)));
            }
        }
        if (m_preview->topLevelItemCount() > 1)
            m_preview->topLevelItem(1)->setExpanded(true);
        const QString levels =
            tr("Levels above the original values: %1, from \"%2\".").arg(bound.height()).arg(entry.source);
        // Which rule built an automatic hierarchy, so nobody has to guess why a column became ranges (#34).
        m_status->setText(
            entry.kind == HierarchyKind::Automatic
                ? levels + QLatin1Char(' ') +
                      HierarchyBuilderPanel::automaticRuleText(m_table->columns[static_cast<std::size_t>(m_column)])
                : levels);
        m_status->setStyleSheet(QString());
    } catch (const std::exception& error) {
        m_status->setText(tr("This grouping cannot be used: %1").arg(QString::fromUtf8(error.what())));
        m_status->setStyleSheet(QStringLiteral("color: #d55e00;"));
    }
}

void HierarchyEditor::rebuildFromOptions()
{
    if (m_updating || m_column < 0)
        return;
    if (m_builder->kind() == HierarchyKind::Custom) {
        m_builder->setKind(HierarchyKind::Custom);
        return;
    }
    std::vector<Entry> entries = m_entries;
    Entry& entry = entries[static_cast<std::size_t>(m_column)];
    try {
        entry.hierarchy = m_builder->build();
        if (m_builder->kind() == HierarchyKind::Automatic)
            entry.hierarchy = core::withoutRedundantLevels(entry.hierarchy);
    } catch (const std::exception& error) {
        m_status->setText(tr("These options cannot be used: %1").arg(QString::fromUtf8(error.what())));
        m_status->setStyleSheet(QStringLiteral("color: #d55e00;"));
        return;
    }
    entry.kind = m_builder->kind();
    entry.source =
        entry.kind == HierarchyKind::Automatic ? QStringLiteral("automatic") : m_builder->kindComboBox()->currentText();
    entry.generalised = true;
    change(std::move(entries),
           tr("Change how %1 is grouped")
               .arg(QString::fromStdString(m_table->columns[static_cast<std::size_t>(m_column)].name)));
}

QString HierarchyEditor::importHierarchy(int column, const QString& path)
{
    if (!m_table || column < 0 || static_cast<std::size_t>(column) >= m_entries.size())
        return tr("There is no such column.");
    try {
        // The column's lines only, as the command line reads the file (#39): both accept and refuse
        // the same files with the same words, and a huge file for a small column costs a scan.
        const core::Hierarchy hierarchy =
            core::readHierarchyFile(path.toStdString(), m_table->columns[static_cast<std::size_t>(column)].dictionary);
        (void)core::bindHierarchy(hierarchy, *m_table, column, path.toStdString());
        std::vector<Entry> entries = m_entries;
        entries[static_cast<std::size_t>(column)] =
            Entry{true, hierarchy, QFileInfo(path).fileName(), HierarchyKind::Custom};
        m_column = column;
        change(std::move(entries), tr("Import %1").arg(QFileInfo(path).fileName()));
        return {};
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
}

void HierarchyEditor::coarsenAutomatically(int column)
{
    if (!m_table || column < 0 || static_cast<std::size_t>(column) >= m_entries.size())
        return;
    std::vector<Entry> entries = m_entries;
    entries[static_cast<std::size_t>(column)] = defaultEntry(column);
    m_column = column;
    change(std::move(entries),
           tr("Coarsen %1").arg(QString::fromStdString(m_table->columns[static_cast<std::size_t>(column)].name)));
}

void HierarchyEditor::chooseImport()
{
    if (m_column < 0)
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import Groups"), dialogFolder(DialogFolder::Hierarchies),
                                     tr("Hierarchies (*.csv *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Hierarchies, path);
    const QString problem = importHierarchy(m_column, path);
    if (!problem.isEmpty()) {
        m_status->setText(tr("Not imported: %1").arg(withShownPath(problem, path, *m_status)));
        m_status->setStyleSheet(QStringLiteral("color: #d55e00;"));
    }
}

void HierarchyEditor::chooseExport()
{
    if (m_column < 0 || m_entries[static_cast<std::size_t>(m_column)].hierarchy.rows.empty())
        return;
    const QString name = QString::fromStdString(m_table->columns[static_cast<std::size_t>(m_column)].name);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Groups"),
                                                      dialogFolder(DialogFolder::Hierarchies) + QLatin1Char('/') +
                                                          name + QStringLiteral(".csv"),
                                                      tr("Hierarchies (*.csv)"));
    if (path.isEmpty())
        return;
    rememberDialogFolder(DialogFolder::Hierarchies, path);
    try {
        core::writeHierarchyFile(path.toStdString(), m_entries[static_cast<std::size_t>(m_column)].hierarchy);
        m_status->setText(tr("Written to %1.").arg(withShownPath(path, path, *m_status)));
    } catch (const std::exception& error) {
        m_status->setText(tr("Not written: %1").arg(withShownPath(QString::fromUtf8(error.what()), path, *m_status)));
    }
}

void HierarchyEditor::groupSelected()
{
    const QModelIndexList selected = m_grid->selectionModel()->selectedIndexes();
    const QModelIndex current = m_grid->currentIndex();
    const int level = current.isValid() ? current.column() : 1;
    if (selected.isEmpty() || level < 1)
        return;
    std::set<int> rows;
    for (const QModelIndex& index : selected)
        rows.insert(index.row());
    std::vector<Entry> entries = m_entries;
    Entry& entry = entries[static_cast<std::size_t>(m_column)];
    const std::string name = m_groupName->text().trimmed().toStdString();
    // The first selected value's groups above the level become everyone's, so the tree stays monotone.
    const auto& first = entry.hierarchy.rows[static_cast<std::size_t>(*rows.begin())];
    const std::vector<std::string> above(first.begin() + level + 1, first.end());
    for (const int row : rows) {
        auto& cells = entry.hierarchy.rows[static_cast<std::size_t>(row)];
        cells[static_cast<std::size_t>(level)] = name;
        std::copy(above.begin(), above.end(), cells.begin() + level + 1);
    }
    entry.kind = HierarchyKind::Custom;
    entry.source = tr("edited");
    change(std::move(entries), tr("Group %n values", nullptr, static_cast<int>(rows.size())));
}

void HierarchyEditor::addLevel()
{
    if (m_column < 0 || m_entries[static_cast<std::size_t>(m_column)].hierarchy.rows.empty())
        return;
    std::vector<Entry> entries = m_entries;
    Entry& entry = entries[static_cast<std::size_t>(m_column)];
    const QModelIndex current = m_grid->currentIndex();
    const int level = std::clamp(current.isValid() ? current.column() : 0, 0, entry.hierarchy.height() - 1);
    for (auto& row : entry.hierarchy.rows)
        row.insert(row.begin() + level + 1, row[static_cast<std::size_t>(level)]);
    entry.kind = HierarchyKind::Custom;
    entry.source = tr("edited");
    change(std::move(entries), tr("Add a level"));
}

void HierarchyEditor::removeLevel()
{
    if (m_column < 0)
        return;
    std::vector<Entry> entries = m_entries;
    Entry& entry = entries[static_cast<std::size_t>(m_column)];
    if (entry.hierarchy.height() < 2)
        return;
    const QModelIndex current = m_grid->currentIndex();
    const int level =
        std::clamp(current.isValid() ? current.column() : entry.hierarchy.height() - 1, 1, entry.hierarchy.height());
    for (auto& row : entry.hierarchy.rows)
        row.erase(row.begin() + level);
    entry.kind = HierarchyKind::Custom;
    entry.source = tr("edited");
    change(std::move(entries), tr("Remove level %1").arg(level));
}

} // namespace qiscout::ui
