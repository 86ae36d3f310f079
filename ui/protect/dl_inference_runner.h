// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include <QObject>
#include <QString>

#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/table/encoded_table.h"

#include "common/latest_run.h"

namespace qiscout::ui {

/// A finished (d, l)-inference anonymisation as the Protect view shows and exports it.
struct DlInferenceOutcome {
    core::DlAnonymizationParameters parameters;
    core::DlAnonymization anonymization;
    /// What is published and exported: the kept rows in input order, removed rows left out.
    std::shared_ptr<const core::EncodedTable> published;
    /// Row by row like the original, for the data view: a removed row holds "*" in every
    /// quasi-identifier column.
    std::shared_ptr<const core::EncodedTable> shown;
    /// Rows per group of the original on the quasi-identifiers (empty when one of them lies beyond
    /// what a ColumnSet can name), and rows per published QI-group.
    std::vector<std::uint32_t> classSizesBefore;
    std::vector<std::uint32_t> classSizesAfter;
};

/// Runs the FFD paper's (d, l)-inference anonymisation off the GUI thread (LatestRun). A new
/// start stops the previous run, whose answer is dropped.
/// Thread: lives on the GUI thread; the anonymisation runs on a pool thread.
class DlInferenceRunner : public QObject {
    Q_OBJECT

public:
    explicit DlInferenceRunner(QObject* parent = nullptr);
    ~DlInferenceRunner() override;

    void start(std::shared_ptr<const core::EncodedTable> table, const core::DlAnonymizationParameters& parameters);
    /// Stops the run; it ends with stopped().
    void cancel();
    [[nodiscard]] bool isRunning() const { return m_run.isRunning(); }

Q_SIGNALS:
    void finished(std::shared_ptr<const DlInferenceOutcome> outcome);
    /// The parameters do not fit the table (the sensitive column among the quasi-identifiers, ...).
    void failed(const QString& message);
    void stopped();

private:
    struct Output {
        std::shared_ptr<const DlInferenceOutcome> outcome;
        QString error;
    };

    void ended(const Output& output);

    LatestRun<Output> m_run;
};

} // namespace qiscout::ui
