// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/column_set_text.h"

#include <string>
#include <vector>

namespace qiscout::ui {
namespace {

std::vector<std::string> toStdNames(const QStringList& columnNames)
{
    std::vector<std::string> names;
    names.reserve(static_cast<std::size_t>(columnNames.size()));
    for (const QString& name : columnNames)
        names.push_back(name.toStdString());
    return names;
}

} // namespace

QStringList columnLabels(const core::ColumnSet& set, const QStringList& columnNames)
{
    QStringList labels;
    for (const std::string& label : core::columnLabels(set, toStdNames(columnNames)))
        labels << QString::fromStdString(label);
    return labels;
}

QString describeSet(const core::ColumnSet& set, const QStringList& columnNames)
{
    return QString::fromStdString(core::describe(set, toStdNames(columnNames)));
}

} // namespace qiscout::ui
