// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/protection_summary_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include "common/whole_header_labels.h"

namespace qiscout::ui {

namespace {

/// A column's share of detail lost that the table shows as 100.0 %: every value merged into one.
constexpr double fullLoss = 0.9995;

QTableWidget* createTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->setWordWrap(false);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    showWholeHeaderLabels(table->horizontalHeader());
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    return table;
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString count(std::uint64_t value)
{
    return QLocale().toString(static_cast<qulonglong>(value));
}

std::uint64_t smallest(const std::vector<std::uint32_t>& sizes)
{
    return sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
}

/// Table height that shows every row without a scroll bar.
void fitHeight(QTableWidget* table)
{
    const int rows = table->rowCount();
    table->setFixedHeight(table->horizontalHeader()->height() + rows * table->verticalHeader()->defaultSectionSize() +
                          2 * table->frameWidth() + 2);
}

} // namespace

ProtectionSummaryView::ProtectionSummaryView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::RichText);
    m_headline->setObjectName(QStringLiteral("protectionHeadline"));
    layout->addWidget(m_headline);
    m_levels = createTable(
        {tr("Column"), tr("Level"), tr("Groups left"), tr("Example"), tr("Detail lost"), tr("Cells suppressed")}, this);
    m_levels->setObjectName(QStringLiteral("protectionLevels"));
    m_levels->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_levels->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    layout->addWidget(m_levels);
    m_comparison = createTable({QString(), tr("Original"), tr("Protected")}, this);
    m_comparison->setObjectName(QStringLiteral("protectionComparison"));
    m_comparison->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_comparison->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    layout->addWidget(m_comparison);
    layout->addStretch();
    showMessage(tr("Press <b>Protect</b> to coarsen the ticked columns until nobody stands out."));
}

void ProtectionSummaryView::showMessage(const QString& text)
{
    m_headline->setText(text);
    m_levels->setRowCount(0);
    m_comparison->setRowCount(0);
    m_levels->hide();
    m_comparison->hide();
}

QString ProtectionSummaryView::headline() const
{
    QTextDocument document;
    document.setHtml(m_headline->text());
    return document.toPlainText();
}

void ProtectionSummaryView::showOutcome(const ProtectionOutcome& outcome,
                                        const core::AnonymizationParameters& parameters,
                                        const core::EncodedTable& original, const core::AnonymizationResult* result)
{
    const std::optional<core::TransformationAssessment> best =
        result && result->optimum ? result->optimum : std::nullopt;
    // The heuristic search's answer beyond 2^22 transformations, or a stopped search's (#40).
    const bool proven = result && result->optimal;
    const QLocale locale;
    // The k the user set, as everywhere in the app (#33); the outcome holds the minimum group size.
    const std::uint64_t searchK = outcome.k > 0 ? outcome.k - 1 : 0;
    const std::uint64_t rows = original.rowCount;
    const std::uint64_t withheld = outcome.suppressedRows.size();
    const auto columns = static_cast<int>(parameters.quasiIdentifiers.size());
    const QString percent =
        locale.toString(rows == 0 ? 0.0 : 100.0 * static_cast<double>(withheld) / static_cast<double>(rows), 'f', 1);
    QString text;
    if (outcome.assessment.acceptable && outcome.after.quasiIdentifiers == 0 && outcome.after.rowsAtRisk == 0) {
        text = tr("<b style='color:#009e73'>Nobody can be singled out any more</b> on the %n coarsened columns: every "
                  "group of people sharing their values has more than k = %1 members",
                  nullptr, columns)
                   .arg(searchK);
        text += QStringLiteral(" ") + tr("(before: %n quasi-identifiers, %1 rows at risk).", nullptr,
                                         static_cast<int>(outcome.before.quasiIdentifiers))
                                          .arg(count(outcome.before.rowsAtRisk));
    } else if (outcome.assessment.acceptable) {
        text = tr("<b style='color:#009e73'>This protects as asked.</b> %1 rows are still in groups of k = %2 or "
                  "fewer, which the other privacy settings allow.")
                   .arg(count(outcome.after.rowsAtRisk))
                   .arg(searchK);
    } else if (const std::uint64_t allowed = core::suppressionLimitRows(parameters.suppressionLimit, rows);
               withheld > allowed) {
        // The rows of every failing group are withheld, so the rest is safe, but more than allowed go.
        text = tr("<b style='color:#d55e00'>This choice does not protect enough:</b> it would have to suppress "
                  "more rows than the %1 allowed.")
                   .arg(count(allowed));
    } else {
        text = tr("<b style='color:#d55e00'>This choice does not protect enough:</b> some groups fail the "
                  "privacy settings.");
    }
    const bool local = !outcome.suppressedCells.empty();
    std::uint64_t cells = 0;
    for (const auto& rowsOfColumn : outcome.suppressedCells)
        cells += rowsOfColumn.size();
    if (local)
        // #34: the re-check's groups overlap, which the numbers below only make sense with.
        text += QStringLiteral(" ") +
                tr("%1 single cells suppressed (written *). Each row shares the values it still shows with at least "
                   "%2 other rows that show them too (a * hides its own row's value and never stands in for "
                   "another's); the protected side counts a * as matching any value, as sdcMicro does.")
                    .arg(count(cells), count(searchK));
    else
        text += QStringLiteral(" ") + tr("%1 rows (%2 %) suppressed.").arg(count(withheld), percent);
    if (best && best->transformation == outcome.transformation && proven)
        text += QStringLiteral("<br>") +
                tr("This is the best choice: the least detail lost (%1).").arg(locale.toString(best->value, 'g', 4));
    else if (best && best->transformation == outcome.transformation)
        text +=
            QStringLiteral("<br>") + tr("<b>This is the best choice found, not proven optimal</b> (%1 detail lost).")
                                         .arg(locale.toString(best->value, 'g', 4));
    else if (best)
        text += QStringLiteral("<br>") +
                (proven ? tr("You picked this one: it loses %1, the best choice %2.")
                        : tr("You picked this one: it loses %1, the best choice found %2 (not proven optimal)."))
                    .arg(locale.toString(outcome.assessment.value, 'g', 4), locale.toString(best->value, 'g', 4));
    if (best && !proven) {
        const QString ways = locale.toString(static_cast<qulonglong>(result->lattice.size()));
        text += QStringLiteral(" ") +
                (result->complete && local
                     ? tr("With single cells suppressed, each of the %1 ways to coarsen is priced by a pass over the "
                          "rows, too slow to check them all, so the search looked for the best it could find in %2 s.")
                           .arg(ways, locale.toString(parameters.heuristicSeconds, 'f', 0))
                 : result->complete
                     ? tr("The columns can be coarsened in %1 ways, too many to check all, so the search looked for "
                          "the best it could find in %2 s.")
                           .arg(ways, locale.toString(parameters.heuristicSeconds, 'f', 0))
                     : tr("The search was stopped before it could prove this the best of the %1 ways to coarsen.")
                           .arg(ways));
        if (result->lowerBound)
            text += QStringLiteral(" ") + tr("No choice that protects enough loses less than %1.")
                                              .arg(locale.toString(*result->lowerBound, 'g', 4));
    }
    // A non-expert who ticked every column sees most of them go to one value and should learn why
    // and what keeps more (#34): on adult.csv's 15 columns at k = 5, 8 lose everything.
    const auto allLost = static_cast<int>(std::count_if(outcome.columnLoss.begin(), outcome.columnLoss.end(),
                                                        [](double loss) { return loss >= fullLoss; }));
    if (outcome.assessment.acceptable && allLost >= 2 && 2 * allLost >= columns)
        text += QStringLiteral("<br>") +
                tr("%n of the %1 columns lose all their detail: the more columns an intruder may know, the coarser "
                   "each must be. To keep more, untick the columns an intruder cannot know (Columns).",
                   nullptr, allLost)
                    .arg(columns);
    m_headline->setText(text);

    m_levels->setRowCount(columns);
    const auto& protectedTable = *outcome.protectedTable;
    // An example row: the first one kept, so its values are generalised rather than "*".
    std::uint32_t exampleRow = 0;
    for (const std::uint32_t suppressed : outcome.suppressedRows) {
        if (suppressed != exampleRow)
            break;
        ++exampleRow;
    }
    for (int q = 0; q < columns; ++q) {
        const auto& spec = parameters.quasiIdentifiers[static_cast<std::size_t>(q)];
        const auto column = static_cast<std::size_t>(spec.column);
        const int level = outcome.transformation.levels[static_cast<std::size_t>(q)];
        m_levels->setItem(q, 0, cell(QString::fromStdString(original.columns[column].name)));
        m_levels->setItem(q, 1, cell(tr("%1 of %2").arg(level).arg(spec.hierarchy.height())));
        const auto& published = protectedTable.columns[column];
        std::uint64_t groups = published.distinctCount();
        // The "*" of withheld rows is not a group of the level (unless the level is "*" itself).
        if (withheld > 0 && published.frequencies[published.codes[outcome.suppressedRows.front()]] == withheld &&
            groups > 1)
            --groups;
        m_levels->setItem(q, 2, cell(count(groups), true));
        if (exampleRow < original.rowCount)
            m_levels->setItem(q, 3,
                              cell(QString::fromStdString(original.text(exampleRow, column)) + QStringLiteral(" → ") +
                                   QString::fromStdString(protectedTable.text(exampleRow, column))));
        const double loss = static_cast<std::size_t>(q) < outcome.columnLoss.size()
                                ? outcome.columnLoss[static_cast<std::size_t>(q)]
                                : 0.0;
        m_levels->setItem(q, 4, cell(locale.toString(100.0 * loss, 'f', 1) + QStringLiteral(" %"), true));
        if (local)
            m_levels->setItem(q, 5, cell(count(outcome.suppressedCells[static_cast<std::size_t>(q)].size()), true));
    }
    m_levels->setColumnHidden(5, !local);
    fitHeight(m_levels);
    m_levels->show();

    const std::vector<std::pair<QString, std::pair<std::uint64_t, std::uint64_t>>> lines{
        {tr("Rows not suppressed"), {rows, rows - withheld}},
        {local ? tr("Cells suppressed") : tr("Rows suppressed"), {0, local ? cells : withheld}},
        {tr("Groups on the coarsened columns"), {outcome.before.classSizes.size(), outcome.after.classSizes.size()}},
        {tr("Smallest group"), {smallest(outcome.before.classSizes), smallest(outcome.after.classSizes)}},
        {tr("Rows in groups of k = %1 or fewer (at risk)").arg(searchK),
         {outcome.before.rowsAtRisk, outcome.after.rowsAtRisk}},
        {tr("Quasi-identifiers at k = %1").arg(searchK),
         {outcome.before.quasiIdentifiers, outcome.after.quasiIdentifiers}},
    };
    m_comparison->setRowCount(static_cast<int>(lines.size()));
    for (std::size_t line = 0; line < lines.size(); ++line) {
        const auto row = static_cast<int>(line);
        m_comparison->setItem(row, 0, cell(lines[line].first));
        m_comparison->setItem(row, 1, cell(count(lines[line].second.first), true));
        m_comparison->setItem(row, 2, cell(count(lines[line].second.second), true));
    }
    fitHeight(m_comparison);
    m_comparison->show();
}

} // namespace qiscout::ui
