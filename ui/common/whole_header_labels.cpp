// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/whole_header_labels.h"

#include <algorithm>

#include <QAbstractItemModel>
#include <QEvent>
#include <QHeaderView>
#include <QHelpEvent>
#include <QPointer>
#include <QStyle>
#include <QToolTip>

namespace qiscout::ui {

namespace {

/// The width a section needs for its whole label, its margins and a sort indicator.
int wholeLabelWidth(const QHeaderView& header, int section)
{
    const QString label = header.model()->headerData(section, header.orientation(), Qt::DisplayRole).toString();
    const QStyle* style = header.style();
    return header.fontMetrics().horizontalAdvance(label) +
           2 * style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, &header) +
           style->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, &header) + 4;
}

void widenToLabels(QHeaderView& header)
{
    if (!header.model())
        return;
    for (int section = 0; section < header.count(); ++section)
        if (header.sectionResizeMode(section) == QHeaderView::Interactive ||
            header.sectionResizeMode(section) == QHeaderView::Fixed)
            header.resizeSection(section, std::max(header.sectionSize(section), wholeLabelWidth(header, section)));
}

/// Shows a section's whole label as its tooltip where the model gives none.
class WholeHeaderLabelTips : public QObject {
public:
    explicit WholeHeaderLabelTips(QHeaderView* header) : QObject(header), m_header(header) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ToolTip || !m_header->model())
            return QObject::eventFilter(watched, event);
        const auto* help = static_cast<QHelpEvent*>(event);
        const int section = m_header->logicalIndexAt(help->pos());
        if (section < 0 || m_header->model()->headerData(section, m_header->orientation(), Qt::ToolTipRole).isValid())
            return QObject::eventFilter(watched, event);
        const QString label = m_header->model()->headerData(section, m_header->orientation()).toString();
        if (label.isEmpty())
            return QObject::eventFilter(watched, event);
        QToolTip::showText(help->globalPos(), label, m_header);
        return true;
    }

private:
    QHeaderView* m_header;
};

} // namespace

void showWholeHeaderLabels(QHeaderView* header)
{
    header->viewport()->installEventFilter(new WholeHeaderLabelTips(header));
    widenToLabels(*header);
    const QPointer<QHeaderView> guarded(header);
    const auto widen = [guarded] {
        if (guarded)
            widenToLabels(*guarded);
    };
    if (QAbstractItemModel* model = header->model()) {
        QObject::connect(model, &QAbstractItemModel::modelReset, header, widen, Qt::QueuedConnection);
        QObject::connect(model, &QAbstractItemModel::headerDataChanged, header, widen, Qt::QueuedConnection);
        QObject::connect(model, &QAbstractItemModel::columnsInserted, header, widen, Qt::QueuedConnection);
    }
}

} // namespace qiscout::ui
