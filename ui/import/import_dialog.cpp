// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "table/display_string.h"

namespace qiscout::ui {
namespace {

constexpr int previewDelayMs = 150;

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

} // namespace

ImportDialog::ImportDialog(const QString& path, const core::LoadOptions& initial, QWidget* parent)
    : QDialog(parent)
    , m_path(path)
{
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));

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

    auto* form = new QFormLayout;
    form->addRow(tr("&Delimiter:"), m_delimiter);
    form->addRow(tr("&Header:"), m_header);
    form->addRow(tr("&Encoding:"), m_encoding);
    form->addRow(tr("&Missing values:"), m_missingTokens);
    form->addRow(QString(), m_emptyIsMissing);
    form->addRow(QString(), m_skipRagged);

    m_preview = new QTableWidget(this);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->setWordWrap(false);
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_preview->verticalHeader()->setDefaultSectionSize(m_preview->fontMetrics().height() + 6);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Load"));
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
    for (auto* box : {m_delimiter, m_header, m_encoding})
        connect(box, &QComboBox::currentIndexChanged, this, &ImportDialog::schedulePreview);
    connect(m_missingTokens, &QLineEdit::textChanged, this, &ImportDialog::schedulePreview);
    connect(m_emptyIsMissing, &QCheckBox::toggled, this, &ImportDialog::schedulePreview);
    startPreview();
}

ImportDialog::~ImportDialog()
{
    m_watcher.waitForFinished();
}

core::LoadOptions ImportDialog::options() const
{
    core::LoadOptions options;
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
    return options;
}

void ImportDialog::schedulePreview()
{
    m_previewTimer.start();
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
        m_status->setText(outcome.error);
        return;
    }
    const auto& preview = outcome.preview;
    QStringList headers;
    for (const auto& name : preview.columnNames)
        headers << displayString(name);
    m_preview->setColumnCount(static_cast<int>(headers.size()));
    m_preview->setHorizontalHeaderLabels(headers);
    m_preview->setRowCount(static_cast<int>(preview.rows.size()));
    const auto tokens = options().missingTokens;
    for (std::size_t row = 0; row < preview.rows.size(); ++row) {
        const auto& cells = preview.rows[row];
        for (std::size_t column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(displayString(cells[column]));
            if (std::find(tokens.begin(), tokens.end(), cells[column]) != tokens.end()) {
                QFont font = item->font();
                font.setItalic(true);
                item->setFont(font);
                item->setToolTip(tr("Missing value"));
            }
            m_preview->setItem(static_cast<int>(row), static_cast<int>(column), item);
        }
    }
    QString status =
        tr("Detected: %1-separated, %2, %3. Showing the first %4 rows.")
            .arg(delimiterName(preview.delimiter), preview.hasHeader ? tr("with a header line") : tr("no header line"),
                 preview.encoding == core::TextEncoding::Windows1252 ? tr("Windows-1252") : tr("UTF-8"),
                 QString::number(preview.rows.size()));
    for (const auto& warning : preview.warnings)
        status += QLatin1Char('\n') + QString::fromStdString(warning);
    m_status->setText(status);
}

} // namespace qiscout::ui
