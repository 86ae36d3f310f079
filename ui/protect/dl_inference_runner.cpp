// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/dl_inference_runner.h"

#include <algorithm>
#include <exception>
#include <utility>
#include <vector>

#include "results/set_classes.h"

namespace qiscout::ui {
namespace {

/// The original's rows with each kept row's quasi-identifier cells replaced by its group's, and
/// "*" in those of a removed row.
core::EncodedTable rowAligned(const core::EncodedTable& table, const core::DlAnonymizationParameters& parameters,
                              const core::DlAnonymization& anonymization)
{
    std::vector<const core::DlQiGroup*> groupOfRow(table.rowCount, nullptr);
    for (const core::DlQiGroup& group : anonymization.groups)
        for (const std::uint32_t row : group.rows)
            groupOfRow[row] = &group;
    std::vector<int> cellOfColumn(table.columnCount(), -1);
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
        cellOfColumn[static_cast<std::size_t>(parameters.quasiIdentifiers[q])] = static_cast<int>(q);
    std::vector<std::vector<std::string>> rows(table.rowCount);
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        rows[row].reserve(table.columnCount());
        for (std::size_t column = 0; column < table.columnCount(); ++column) {
            const int cell = cellOfColumn[column];
            if (cell < 0)
                rows[row].push_back(table.text(row, column));
            else if (groupOfRow[row] == nullptr)
                rows[row].emplace_back("*");
            else
                rows[row].push_back(groupOfRow[row]->cells[static_cast<std::size_t>(cell)]);
        }
    }
    core::EncodedTable shown = core::encodeRows(table.columnNames(), rows);
    shown.sourcePath = table.sourcePath;
    return shown;
}

} // namespace

DlInferenceRunner::DlInferenceRunner(QObject* parent)
    : QObject(parent)
    , m_run(this, nullptr, [this](const Output& output) { ended(output); })
{}

DlInferenceRunner::~DlInferenceRunner() = default;

void DlInferenceRunner::start(std::shared_ptr<const core::EncodedTable> table,
                              const core::DlAnonymizationParameters& parameters)
{
    m_run.start([table = std::move(table), parameters](std::stop_token token) {
        Output output;
        try {
            auto outcome = std::make_shared<DlInferenceOutcome>();
            outcome->parameters = parameters;
            outcome->anonymization = core::anonymizeForDlInference(*table, parameters, token);
            if (!outcome->anonymization.complete)
                return output;
            outcome->published = std::make_shared<const core::EncodedTable>(
                core::publishDlAnonymization(*table, parameters, outcome->anonymization));
            outcome->shown =
                std::make_shared<const core::EncodedTable>(rowAligned(*table, parameters, outcome->anonymization));
            for (const core::DlQiGroup& group : outcome->anonymization.groups)
                outcome->classSizesAfter.push_back(static_cast<std::uint32_t>(group.rows.size()));
            SetClasses before = computeSetClasses(*table, core::ColumnSet::fromColumns(parameters.quasiIdentifiers),
                                                  parameters.minGroupSize - 1, token);
            outcome->classSizesBefore = std::move(before.classSizes);
            output.outcome = std::move(outcome);
        } catch (const std::exception& error) {
            output.error = QString::fromUtf8(error.what());
        }
        return output;
    });
}

void DlInferenceRunner::cancel()
{
    m_run.cancel();
}

void DlInferenceRunner::ended(const Output& output)
{
    if (!output.error.isEmpty())
        Q_EMIT failed(output.error);
    else if (output.outcome)
        Q_EMIT finished(output.outcome);
    else
        Q_EMIT stopped();
}

} // namespace qiscout::ui
