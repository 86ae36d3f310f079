// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QStringList>
#include <QTimer>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/io/table_loader.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QTableWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Asks how to read a source and previews its first rows live as the options change: the
/// delimiter, header and encoding of a delimited file, the sheet of an Excel workbook, the table
/// or query of an SQLite or PostgreSQL database (with the server's password, asked each time and
/// never stored), and value labels or codes for SPSS, Stata and SAS files. Column descriptions
/// (variable labels) show as tooltips on the preview's headers. Sheets, tables and previews are
/// read on worker threads, so a slow disk or server never blocks the dialog.
class ImportDialog : public QDialog {
    Q_OBJECT

public:
    explicit ImportDialog(const QString& path, const core::LoadOptions& initial = {}, QWidget* parent = nullptr);
    ~ImportDialog() override;

    /// The options as chosen (unset delimiter/header = detect automatically).
    [[nodiscard]] core::LoadOptions options() const;
    [[nodiscard]] QString path() const { return m_path; }
    [[nodiscard]] core::SourceFormat format() const { return m_format; }

    /// Number of data rows the preview shows.
    static constexpr std::size_t previewRows = 100;

Q_SIGNALS:
    /// A preview was shown (or its error); for tests.
    void previewShown();
    /// The sheets or tables of the source were listed (or failed to be); for tests.
    void tablesListed();

private:
    struct PreviewOutcome {
        quint64 generation = 0;
        core::TablePreview preview;
        QString error;
    };
    struct TablesOutcome {
        QStringList tables;
        QString error;
    };

    void addDelimitedRows(QFormLayout& form, const core::LoadOptions& initial);
    void addSourceRows(QFormLayout& form, const core::LoadOptions& initial);
    /// Lists the sheets or tables (connecting to a server with the password typed so far).
    void listTables();
    void showTables(const TablesOutcome& outcome);
    void updateReadMode();
    void schedulePreview();
    void schedulePreviewIn(int delayMs);
    void startPreview();
    void showPreview(const PreviewOutcome& outcome);

    QString m_path;
    core::SourceFormat m_format = core::SourceFormat::Delimited;
    /// The sheet or table asked for before the list arrived (from a project or the command line).
    QString m_wantedTable;
    QComboBox* m_delimiter = nullptr;
    QComboBox* m_header = nullptr;
    QComboBox* m_encoding = nullptr;
    QLineEdit* m_missingTokens = nullptr;
    QCheckBox* m_emptyIsMissing = nullptr;
    QCheckBox* m_skipRagged = nullptr;
    /// Excel: the sheet; databases: the table.
    QComboBox* m_table = nullptr;
    QRadioButton* m_readQuery = nullptr;
    QPlainTextEdit* m_query = nullptr;
    QCheckBox* m_valueLabels = nullptr;
    QLineEdit* m_password = nullptr;
    QPushButton* m_connect = nullptr;
    QPushButton* m_load = nullptr;
    QTableWidget* m_preview = nullptr;
    QLabel* m_status = nullptr;
    QTimer m_previewTimer;
    QFutureWatcher<PreviewOutcome> m_watcher;
    QFutureWatcher<TablesOutcome> m_tablesWatcher;
    quint64 m_generation = 0;
    /// PostgreSQL: the tables were listed, so the server accepted the connection.
    bool m_connected = false;
};

} // namespace qiscout::ui
