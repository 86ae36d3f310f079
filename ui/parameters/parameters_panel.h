// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include "search/search_controller.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QSpinBox;
class QToolButton;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The search parameters with plain-language tooltips: k, the largest set size and how missing
/// cells match up front;
/// threads, batch size and strategy under a collapsed "Advanced" section. Emits parametersEdited
/// on every user edit, not on programmatic changes.
class ParametersPanel : public QWidget {
    Q_OBJECT

public:
    explicit ParametersPanel(QWidget* parent = nullptr);

    /// The parameters as entered; `columns` is left unset (the column panel decides it).
    [[nodiscard]] SearchRequest request() const;
    /// Shows these values without emitting parametersEdited.
    void setRequest(const SearchRequest& request);

    [[nodiscard]] QSpinBox* kSpinBox() const { return m_k; }
    [[nodiscard]] QSpinBox* threadsSpinBox() const { return m_threads; }
    [[nodiscard]] QSpinBox* maxSetSizeSpinBox() const { return m_maxSetSize; }
    [[nodiscard]] QComboBox* algorithmComboBox() const { return m_algorithm; }
    [[nodiscard]] QComboBox* missingSemanticsComboBox() const { return m_missingSemantics; }
    /// Shows or hides the Advanced section.
    [[nodiscard]] QToolButton* advancedToggle() const { return m_advancedToggle; }

Q_SIGNALS:
    /// The user changed a value.
    void parametersEdited();

private:
    QSpinBox* m_k = nullptr;
    QSpinBox* m_threads = nullptr;
    QSpinBox* m_batchSize = nullptr;
    QSpinBox* m_maxSetSize = nullptr;
    QComboBox* m_algorithm = nullptr;
    QComboBox* m_missingSemantics = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    bool m_updating = false;
};

} // namespace qiscout::ui
