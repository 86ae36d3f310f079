// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QTimer>

#include "qiscout/core/io/table_loader.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Asks how to read a delimited file and previews its first rows live as the options change.
/// The preview is read on a worker thread, so a slow disk never blocks the dialog.
class ImportDialog : public QDialog {
    Q_OBJECT

public:
    explicit ImportDialog(const QString& path, const core::LoadOptions& initial = {}, QWidget* parent = nullptr);
    ~ImportDialog() override;

    /// The options as chosen (unset delimiter/header = detect automatically).
    [[nodiscard]] core::LoadOptions options() const;
    [[nodiscard]] QString path() const { return m_path; }

    /// Number of data rows the preview shows.
    static constexpr std::size_t previewRows = 100;

private:
    struct PreviewOutcome {
        quint64 generation = 0;
        core::TablePreview preview;
        QString error;
    };

    void schedulePreview();
    void startPreview();
    void showPreview(const PreviewOutcome& outcome);

    QString m_path;
    QComboBox* m_delimiter = nullptr;
    QComboBox* m_header = nullptr;
    QComboBox* m_encoding = nullptr;
    QLineEdit* m_missingTokens = nullptr;
    QCheckBox* m_emptyIsMissing = nullptr;
    QCheckBox* m_skipRagged = nullptr;
    QTableWidget* m_preview = nullptr;
    QLabel* m_status = nullptr;
    QTimer m_previewTimer;
    QFutureWatcher<PreviewOutcome> m_watcher;
    quint64 m_generation = 0;
};

} // namespace qiscout::ui
