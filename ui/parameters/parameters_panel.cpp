// SPDX-License-Identifier: GPL-3.0-or-later
#include "parameters/parameters_panel.h"

#include <algorithm>
#include <cstddef>
#include <limits>

#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>
#include <QThread>
#include <QToolButton>

namespace qiscout::ui {
namespace {

/// One entry of a combo box: the value it stands for, its label and its tooltip (both translated).
template <typename Value>
struct Choice {
    Value value;
    const char* label;
    const char* help;
};

template <typename Value, std::size_t count>
void addChoices(QComboBox* box, const Choice<Value> (&choices)[count])
{
    for (const Choice<Value>& choice : choices) {
        box->addItem(ParametersPanel::tr(choice.label), static_cast<int>(choice.value));
        box->setItemData(box->count() - 1, ParametersPanel::tr(choice.help), Qt::ToolTipRole);
    }
}

constexpr Choice<core::Algorithm> algorithmChoices[] = {
    {core::Algorithm::Auto, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Automatic"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Let QIScout pick the fastest method for this table.")},
    {core::Algorithm::Fpvi, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "FPVI (breadth-first, batched)"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel",
                       "Checks small combinations first, in parallel batches of rows.")},
    {core::Algorithm::Mtui, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "MTUI (simple parallel)"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "One whole-table check per combination; a baseline.")},
    {core::Algorithm::Suda2, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "SUDA2 (value level)"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Finds rare value combinations first, then their columns.")},
    {core::Algorithm::Border, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Border search"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Works inward from the largest safe combinations.")},
    {core::Algorithm::Brute, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Exhaustive (small tables)"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "Checks every combination; slow, for small tables.")},
};

constexpr Choice<core::MissingSemantics> missingSemanticsChoices[] = {
    {core::MissingSemantics::Value, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "As a value of their own"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel",
                       "Two missing cells match each other and nothing else, as if \"missing\" were one more "
                       "answer.")},
    {core::MissingSemantics::Wildcard, QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel", "As any value (wildcard)"),
     QT_TRANSLATE_NOOP("qiscout::ui::ParametersPanel",
                       "A missing cell matches every value, as in sdcMicro: a person's group is everyone who agrees "
                       "with them wherever both answered. Groups are larger, so fewer combinations are flagged; "
                       "slower on tables with many missing cells.")},
};

constexpr int maxBatchSize = 1 << 24;
constexpr int maxSetSizeLimit = 64;

} // namespace

ParametersPanel::ParametersPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QFormLayout(this);
    m_k = new QSpinBox(this);
    m_k->setRange(1, std::numeric_limits<int>::max());
    m_k->setValue(1);
    m_k->setToolTip(tr("<p>A person is at risk when at most <b>k</b> people in the data share their values on some "
                       "columns: someone who knows those values can single them out.</p>"
                       "<p>k = 1 looks for people who are unique; k = 5 also flags groups of up to 5 people. "
                       "Larger k is stricter.</p>"));
    layout->addRow(tr("&Group size k:"), m_k);

    m_maxSetSize = new QSpinBox(this);
    m_maxSetSize->setRange(0, maxSetSizeLimit);
    m_maxSetSize->setSpecialValueText(tr("No limit"));
    m_maxSetSize->setValue(0);
    m_maxSetSize->setToolTip(tr("The largest number of columns combined. An attacker rarely knows more than a few "
                                "facts about a person; a limit makes big tables much faster. "
                                "\"No limit\" checks every combination."));
    layout->addRow(tr("&Largest combination:"), m_maxSetSize);

    // It changes the answer, so it stays out of the Advanced section.
    m_missingSemantics = new QComboBox(this);
    m_missingSemantics->setObjectName(QStringLiteral("missingSemantics"));
    addChoices(m_missingSemantics, missingSemanticsChoices);
    m_missingSemantics->setToolTip(
        tr("<p>How a missing cell compares with other cells when people are grouped.</p>"
           "<p><b>As a value of their own</b>: two missing cells match, a missing cell matches no answer.</p>"
           "<p><b>As any value (wildcard)</b>: a missing cell could hide any answer, so it matches every value "
           "(sdcMicro's semantics). A person's group is everyone who agrees with them wherever both answered; "
           "groups overlap and are never smaller than as values.</p>"));
    layout->addRow(tr("&Missing cells match:"), m_missingSemantics);

    // What only tuning needs (threads, batch size, the engine) stays out of a new user's way
    // until asked for (#14 point 14).
    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setObjectName(QStringLiteral("advancedParameters"));
    m_advancedToggle->setText(tr("Advan&ced"));
    m_advancedToggle->setToolTip(tr("Processor cores, batch size and search method: they change the speed, never the "
                                    "answer."));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    layout->addRow(m_advancedToggle);

    m_threads = new QSpinBox(this);
    m_threads->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_threads->setValue(m_threads->maximum());
    m_threads->setToolTip(tr("How many processor cores the analysis may use at once. "
                             "Fewer cores leave the computer more responsive for other work."));
    layout->addRow(tr("&Threads:"), m_threads);

    m_batchSize = new QSpinBox(this);
    m_batchSize->setRange(64, maxBatchSize);
    m_batchSize->setSingleStep(1024);
    m_batchSize->setValue(static_cast<int>(core::defaultBatchSize));
    m_batchSize->setToolTip(tr("How many rows one piece of work covers. The default suits most tables; "
                               "it changes speed, never the answer."));
    layout->addRow(tr("&Batch size (rows):"), m_batchSize);

    m_algorithm = new QComboBox(this);
    addChoices(m_algorithm, algorithmChoices);
    m_algorithm->setToolTip(tr("How the combinations are searched. Every method gives the same answer; "
                               "Automatic picks a fast one."));
    layout->addRow(tr("&Strategy:"), m_algorithm);
    // One form for both parts keeps the fields aligned; the advanced rows are hidden, not removed.
    const auto showAdvanced = [this, layout](bool shown) {
        m_advancedToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        for (QWidget* field :
             {static_cast<QWidget*>(m_threads), static_cast<QWidget*>(m_batchSize), static_cast<QWidget*>(m_algorithm)})
            layout->setRowVisible(field, shown);
    };
    connect(m_advancedToggle, &QToolButton::toggled, this, showAdvanced);
    showAdvanced(false);

    const auto edited = [this] {
        if (!m_updating)
            Q_EMIT parametersEdited();
    };
    for (auto* spinBox : {m_k, m_threads, m_batchSize, m_maxSetSize})
        connect(spinBox, &QSpinBox::valueChanged, this, edited);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, edited);
    connect(m_missingSemantics, &QComboBox::currentIndexChanged, this, edited);
}

SearchRequest ParametersPanel::request() const
{
    SearchRequest request;
    request.parameters.k = static_cast<std::uint64_t>(m_k->value());
    request.parameters.threads = m_threads->value();
    request.parameters.batchSize = static_cast<std::uint32_t>(m_batchSize->value());
    if (m_maxSetSize->value() > 0)
        request.parameters.maxSetSize = m_maxSetSize->value();
    request.algorithm = static_cast<core::Algorithm>(m_algorithm->currentData().toInt());
    request.parameters.missingSemantics =
        static_cast<core::MissingSemantics>(m_missingSemantics->currentData().toInt());
    return request;
}

void ParametersPanel::setRequest(const SearchRequest& request)
{
    m_updating = true;
    const auto& parameters = request.parameters;
    m_k->setValue(static_cast<int>(std::min<std::uint64_t>(parameters.k, std::numeric_limits<int>::max())));
    m_threads->setValue(parameters.threads.value_or(m_threads->maximum()));
    m_batchSize->setValue(
        static_cast<int>(std::min<std::uint32_t>(parameters.batchSize.value_or(core::defaultBatchSize), maxBatchSize)));
    m_maxSetSize->setValue(parameters.maxSetSize.value_or(0));
    const int index = m_algorithm->findData(static_cast<int>(request.algorithm));
    m_algorithm->setCurrentIndex(std::max(index, 0));
    m_missingSemantics->setCurrentIndex(
        std::max(m_missingSemantics->findData(static_cast<int>(parameters.missingSemantics)), 0));
    m_updating = false;
}

} // namespace qiscout::ui
