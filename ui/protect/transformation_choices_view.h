// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QWidget>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The good choices a search found: the optimum and every minimal acceptable transformation (no
/// column can be coarsened less), with the levels, the detail lost and the rows withheld, to pick
/// one and compare it with the best.
/// Thread: GUI thread.
class TransformationChoicesView : public QWidget {
    Q_OBJECT

public:
    explicit TransformationChoicesView(QWidget* parent = nullptr);

    void clear();
    /// Lists the result's optimum, then its frontier by increasing loss.
    void showChoices(const core::AnonymizationResult& result, const core::AnonymizationParameters& parameters,
                     const QStringList& quasiIdentifierNames);
    /// Selects the row of the transformation shown (none when it is not listed).
    void markShown(const core::Transformation& transformation);

    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] const std::vector<core::Transformation>& transformations() const { return m_transformations; }

Q_SIGNALS:
    void transformationPicked(const core::Transformation& transformation);

private:
    QLabel* m_caption = nullptr;
    QTableWidget* m_table = nullptr;
    std::vector<core::Transformation> m_transformations;
    bool m_updating = false;
};

} // namespace qiscout::ui
