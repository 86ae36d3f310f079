// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "qiscout/core/io/reading/load_error.h"

#include "common/shown_text.h"
#include "import/load_failure_text.h"
#include "table/display_string.h"

namespace qiscout::ui {
namespace {

constexpr int previewDelayMs = 150;
/// A query is previewed once the typing pauses this long: each preview runs it.
constexpr int queryPreviewDelayMs = 600;

QString delimiterName(char delimiter)
{
    switch (delimiter) {
    case ',':
        return ImportDialog::tr("comma");
    case '\t':
        return ImportDialog::tr("tab");
    case ';':
        return ImportDialog::tr("semicolon");
    case '|':
        return ImportDialog::tr("vertical bar");
    default:
        return QString(QLatin1Char(delimiter));
    }
}

QString titleOf(const QString& path, core::SourceFormat format)
{
    if (format == core::SourceFormat::PostgreSql)
        return ImportDialog::tr("Import from %1")
            .arg(boundedText(QString::fromStdString(core::withoutPassword(path.toStdString()))));
    return ImportDialog::tr("Import %1")
        .arg(boundedText(QFileInfo(QString::fromStdString(core::sourceFilePath(path.toStdString()))).fileName()));
}

} // namespace

ImportDialog::ImportDialog(const QString& path, const core::LoadOptions& initial, QWidget* parent)
    : QDialog(parent)
    , m_path(path)
    , m_format(initial.format.value_or(core::detectSourceFormat(path.toStdString())))
{
    setWindowTitle(titleOf(path, m_format));

    auto* form = new QFormLayout;
    if (m_format == core::SourceFormat::Delimited)
        addDelimitedRows(*form, initial);
    else
        addSourceRows(*form, initial);

    m_preview = new QTableWidget(this);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->setWordWrap(false);
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_preview->verticalHeader()->setDefaultSectionSize(m_preview->fontMetrics().height() + 6);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_load = buttons->button(QDialogButtonBox::Ok);
    m_load->setText(tr("&Load"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(820, 560);

    m_previewTimer.setSingleShot(true);
    m_previewTimer.setInterval(previewDelayMs);
    connect(&m_previewTimer, &QTimer::timeout, this, &ImportDialog::startPreview);
    connect(&m_watcher, &QFutureWatcher<PreviewOutcome>::finished, this, [this] { showPreview(m_watcher.result()); });
    connect(&m_tablesWatcher, &QFutureWatcher<TablesOutcome>::finished, this,
            [this] { showTables(m_tablesWatcher.result()); });

    if (m_format == core::SourceFormat::PostgreSql) {
        // Nothing is sent to a server before the user has seen where it is and typed its password.
        m_load->setEnabled(false);
        m_status->setText(tr("Type the password (if the server asks for one) and press Connect."));
    } else if (m_table) {
        listTables();
    } else {
        startPreview();
    }
}

ImportDialog::~ImportDialog()
{
    m_watcher.waitForFinished();
    m_tablesWatcher.waitForFinished();
}

void ImportDialog::addDelimitedRows(QFormLayout& form, const core::LoadOptions& initial)
{
    m_delimiter = new QComboBox(this);
    m_delimiter->addItem(tr("Detect automatically"), 0);
    for (const char delimiter : {',', '\t', ';', '|'})
        m_delimiter->addItem(delimiterName(delimiter), static_cast<int>(delimiter));
    m_delimiter->setToolTip(tr("The character that separates the values on each line."));
    if (initial.delimiter)
        m_delimiter->setCurrentIndex(std::max(0, m_delimiter->findData(static_cast<int>(*initial.delimiter))));

    m_header = new QComboBox(this);
    m_header->addItem(tr("Detect automatically"), -1);
    m_header->addItem(tr("First line names the columns"), 1);
    m_header->addItem(tr("No header: the first line is data"), 0);
    if (initial.hasHeader)
        m_header->setCurrentIndex(*initial.hasHeader ? 1 : 2);

    m_encoding = new QComboBox(this);
    m_encoding->addItem(tr("Detect automatically"), static_cast<int>(core::TextEncoding::Auto));
    m_encoding->addItem(tr("UTF-8"), static_cast<int>(core::TextEncoding::Utf8));
    m_encoding->addItem(tr("Windows-1252 / Latin-1"), static_cast<int>(core::TextEncoding::Windows1252));
    m_encoding->setCurrentIndex(std::max(0, m_encoding->findData(static_cast<int>(initial.encoding))));
    m_encoding->setToolTip(tr("How the file's accented letters are stored. Automatic works for nearly every file."));

    QStringList tokens;
    bool emptyIsMissing = false;
    for (const auto& token : initial.missingTokens) {
        if (token.empty())
            emptyIsMissing = true;
        else
            tokens << QString::fromStdString(token);
    }
    m_missingTokens = new QLineEdit(tokens.join(QStringLiteral(" ")), this);
    m_missingTokens->setToolTip(tr("Values that mean \"unknown\", separated by spaces (for example ? NA NULL)."));
    m_emptyIsMissing = new QCheckBox(tr("Empty cells are missing too"), this);
    m_emptyIsMissing->setChecked(emptyIsMissing);
    m_skipRagged = new QCheckBox(tr("Skip lines with the wrong number of values"), this);
    m_skipRagged->setChecked(initial.skipRaggedRows);
    m_skipRagged->setToolTip(tr("Otherwise such a line stops the import with an error naming it."));

    form.addRow(tr("&Delimiter:"), m_delimiter);
    form.addRow(tr("&Header:"), m_header);
    form.addRow(tr("&Encoding:"), m_encoding);
    form.addRow(tr("&Missing values:"), m_missingTokens);
    form.addRow(QString(), m_emptyIsMissing);
    form.addRow(QString(), m_skipRagged);

    for (auto* box : {m_delimiter, m_header, m_encoding})
        connect(box, &QComboBox::currentIndexChanged, this, &ImportDialog::schedulePreview);
    connect(m_missingTokens, &QLineEdit::textChanged, this, &ImportDialog::schedulePreview);
    connect(m_emptyIsMissing, &QCheckBox::toggled, this, &ImportDialog::schedulePreview);
}

void ImportDialog::addSourceRows(QFormLayout& form, const core::LoadOptions& initial)
{
    if (m_format == core::SourceFormat::PostgreSql) {
        auto* server =
            new QLabel(boundedText(QString::fromStdString(core::withoutPassword(m_path.toStdString()))), this);
        server->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form.addRow(tr("Server:"), server);
        m_password = new QLineEdit(this);
        m_password->setEchoMode(QLineEdit::Password);
        m_password->setToolTip(tr("Kept in memory for this import only: never written to a project or a report."));
        m_connect = new QPushButton(tr("&Connect"), this);
        auto* row = new QHBoxLayout;
        row->addWidget(m_password, 1);
        row->addWidget(m_connect);
        // A label with a buddy: addRow(text, layout) would show the '&' of the shortcut.
        auto* passwordLabel = new QLabel(tr("&Password:"), this);
        passwordLabel->setBuddy(m_password);
        form.addRow(passwordLabel, row);
        connect(m_connect, &QPushButton::clicked, this, &ImportDialog::listTables);
        connect(m_password, &QLineEdit::returnPressed, this, &ImportDialog::listTables);
    }
    if (m_format == core::SourceFormat::Excel || core::isDatabase(m_format)) {
        m_table = new QComboBox(this);
        m_wantedTable = QString::fromStdString(m_format == core::SourceFormat::Excel ? initial.sheet : initial.table);
        connect(m_table, &QComboBox::currentIndexChanged, this, &ImportDialog::schedulePreview);
    }
    if (m_format == core::SourceFormat::Excel) {
        m_table->setToolTip(tr("The worksheet to read."));
        form.addRow(tr("&Sheet:"), m_table);
    }
    if (core::isDatabase(m_format)) {
        auto* readTable = new QRadioButton(tr("&Table:"), this);
        m_readQuery = new QRadioButton(tr("&Query:"), this);
        m_query = new QPlainTextEdit(QString::fromStdString(initial.query), this);
        m_query->setPlaceholderText(QStringLiteral("SELECT …"));
        m_query->setToolTip(tr("An SQL query whose result is read as the table. The database is only read, "
                               "never changed."));
        m_query->setMaximumHeight(m_query->fontMetrics().height() * 4 + 12);
        (initial.query.empty() ? readTable : m_readQuery)->setChecked(true);
        form.addRow(readTable, m_table);
        form.addRow(m_readQuery, m_query);
        connect(m_readQuery, &QRadioButton::toggled, this, &ImportDialog::updateReadMode);
        connect(m_query, &QPlainTextEdit::textChanged, this, [this] { schedulePreviewIn(queryPreviewDelayMs); });
        updateReadMode();
    }
    if (core::isStatisticalFile(m_format)) {
        m_valueLabels = new QCheckBox(tr("Show value labels in place of the codes they label"), this);
        m_valueLabels->setChecked(initial.valueLabels);
        m_valueLabels->setToolTip(tr("For example \"female\" instead of 2. Unchecked, the stored codes are read."));
        form.addRow(QString(), m_valueLabels);
        connect(m_valueLabels, &QCheckBox::toggled, this, &ImportDialog::schedulePreview);
    }
}

core::LoadOptions ImportDialog::options() const
{
    core::LoadOptions options;
    options.format = m_format;
    if (m_delimiter) {
        if (const int delimiter = m_delimiter->currentData().toInt(); delimiter != 0)
            options.delimiter = static_cast<char>(delimiter);
        if (const int header = m_header->currentData().toInt(); header >= 0)
            options.hasHeader = header == 1;
        options.encoding = static_cast<core::TextEncoding>(m_encoding->currentData().toInt());
        options.missingTokens.clear();
        if (m_emptyIsMissing->isChecked())
            options.missingTokens.emplace_back();
        for (const auto& token : m_missingTokens->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
            options.missingTokens.push_back(token.toStdString());
        options.skipRaggedRows = m_skipRagged->isChecked();
    }
    const bool query = m_readQuery && m_readQuery->isChecked();
    if (query)
        options.query = m_query->toPlainText().trimmed().toStdString();
    else if (m_table && m_table->currentIndex() >= 0)
        (m_format == core::SourceFormat::Excel ? options.sheet : options.table) = m_table->currentText().toStdString();
    if (m_valueLabels)
        options.valueLabels = m_valueLabels->isChecked();
    if (m_password)
        options.password = m_password->text().toStdString();
    return options;
}

void ImportDialog::updateReadMode()
{
    const bool query = m_readQuery->isChecked();
    m_table->setEnabled(!query);
    m_query->setEnabled(query);
    schedulePreview();
}

void ImportDialog::listTables()
{
    if (m_tablesWatcher.isRunning())
        return;
    if (m_connect)
        m_connect->setEnabled(false);
    m_status->setText(m_format == core::SourceFormat::PostgreSql ? tr("Connecting…") : tr("Reading the sheets…"));
    const auto path = m_path.toStdString();
    const auto options = this->options();
    m_tablesWatcher.setFuture(QtConcurrent::run([path, options] {
        TablesOutcome outcome;
        try {
            for (const std::string& table : core::listSourceTables(path, options))
                outcome.tables << QString::fromStdString(table);
        } catch (const std::exception& error) {
            outcome.error = QString::fromUtf8(error.what());
        }
        return outcome;
    }));
}

void ImportDialog::showTables(const TablesOutcome& outcome)
{
    if (m_connect)
        m_connect->setEnabled(true);
    if (!outcome.error.isEmpty()) {
        m_status->setText(boundedText(outcome.error, shownMessageLimit));
        m_load->setEnabled(false);
        Q_EMIT tablesListed();
        return;
    }
    {
        const QSignalBlocker blocker(m_table);
        const QString current = m_table->currentIndex() >= 0 ? m_table->currentText() : m_wantedTable;
        m_table->clear();
        m_table->addItems(outcome.tables);
        m_table->setCurrentIndex(std::max(0, m_table->findText(current)));
    }
    m_connected = true;
    m_load->setEnabled(true);
    Q_EMIT tablesListed();
    startPreview();
}

void ImportDialog::schedulePreview()
{
    schedulePreviewIn(previewDelayMs);
}

void ImportDialog::schedulePreviewIn(int delayMs)
{
    // A server is asked for rows only once the user has connected to it.
    if (m_format == core::SourceFormat::PostgreSql && !m_connected)
        return;
    m_previewTimer.start(delayMs);
}

void ImportDialog::startPreview()
{
    if (m_watcher.isRunning()) {
        // Picked up when the running preview finishes; never two readers at once.
        m_previewTimer.start();
        return;
    }
    const auto generation = ++m_generation;
    const auto path = m_path.toStdString();
    const auto options = this->options();
    m_status->setText(tr("Reading the first rows…"));
    m_watcher.setFuture(QtConcurrent::run([generation, path, options] {
        PreviewOutcome outcome;
        outcome.generation = generation;
        try {
            outcome.preview = core::previewTable(path, options, previewRows);
        } catch (const core::LoadError& error) {
            // The dialog's title names the file already.
            outcome.error =
                loadFailureDetail(QString::fromUtf8(error.what()), QString::fromStdString(error.file()), false);
        } catch (const std::exception& error) {
            outcome.error = QString::fromUtf8(error.what());
        }
        return outcome;
    }));
}

void ImportDialog::showPreview(const PreviewOutcome& outcome)
{
    if (outcome.generation != m_generation)
        return;
    m_preview->clear();
    if (!outcome.error.isEmpty()) {
        m_preview->setRowCount(0);
        m_preview->setColumnCount(0);
        m_status->setText(boundedText(outcome.error, shownMessageLimit));
        // Loading would fail the same way (#35).
        m_load->setEnabled(false);
        Q_EMIT previewShown();
        return;
    }
    m_load->setEnabled(true);
    const auto& preview = outcome.preview;
    m_preview->setColumnCount(static_cast<int>(preview.columnNames.size()));
    for (std::size_t column = 0; column < preview.columnNames.size(); ++column) {
        auto* header = new QTableWidgetItem(displayString(preview.columnNames[column]));
        if (column < preview.columnDescriptions.size() && !preview.columnDescriptions[column].empty())
            header->setToolTip(displayString(preview.columnDescriptions[column]));
        m_preview->setHorizontalHeaderItem(static_cast<int>(column), header);
    }
    m_preview->setRowCount(static_cast<int>(preview.rows.size()));
    for (std::size_t row = 0; row < preview.rows.size(); ++row) {
        const auto& cells = preview.rows[row];
        for (std::size_t column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(displayString(cells[column]));
            if (row < preview.missing.size() && column < preview.missing[row].size() && preview.missing[row][column]) {
                QFont font = item->font();
                font.setItalic(true);
                item->setFont(font);
                item->setToolTip(tr("Missing value"));
            }
            m_preview->setItem(static_cast<int>(row), static_cast<int>(column), item);
        }
    }
    const QString rows = QString::number(preview.rows.size());
    QString status =
        preview.format == core::SourceFormat::Delimited
            ? tr("Detected: %1-separated, %2, %3. Showing the first %4 rows.")
                  .arg(delimiterName(preview.delimiter),
                       preview.hasHeader ? tr("with a header line") : tr("no header line"),
                       preview.encoding == core::TextEncoding::Windows1252 ? tr("Windows-1252") : tr("UTF-8"), rows)
            : tr("Showing the first %1 rows.").arg(rows);
    for (const auto& warning : preview.warnings)
        status += QLatin1Char('\n') + QString::fromStdString(warning);
    m_status->setText(status);
    Q_EMIT previewShown();
}

} // namespace qiscout::ui
