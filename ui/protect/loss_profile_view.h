// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include <QWidget>

#include "qiscout/core/anonymization/information_loss_profile.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

class DistributionChart;

/// What was lost, as data (#34), one protected column at a time: the share of its cells changed
/// or suppressed, its numbers' summary before and after, and its distribution before and after
/// as two charts side by side.
/// Thread: GUI thread.
class LossProfileView : public QWidget {
    Q_OBJECT

public:
    explicit LossProfileView(QWidget* parent = nullptr);

    void setProfiles(std::vector<core::ColumnLossProfile> profiles);
    void clear();

    [[nodiscard]] QComboBox* columnComboBox() const { return m_column; }
    [[nodiscard]] QTableWidget* numbersTable() const { return m_numbers; }
    [[nodiscard]] DistributionChart* beforeChart() const { return m_before; }
    [[nodiscard]] DistributionChart* afterChart() const { return m_after; }
    /// The sentence on cells changed and suppressed, as plain text.
    [[nodiscard]] QString sharesText() const;

private:
    void showColumn(int index);

    std::vector<core::ColumnLossProfile> m_profiles;
    QComboBox* m_column = nullptr;
    QLabel* m_shares = nullptr;
    QTableWidget* m_numbers = nullptr;
    QLabel* m_numbersNote = nullptr;
    DistributionChart* m_before = nullptr;
    DistributionChart* m_after = nullptr;
};

} // namespace qiscout::ui
