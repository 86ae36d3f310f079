// SPDX-License-Identifier: GPL-3.0-or-later
#include "main/project_session.h"

#include <map>
#include <string>

#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include "common/dialog_folder.h"

namespace qiscout::ui {
namespace {

/// The parameters a project stores; `columns` is left out because the roles decide it.
bool sameRequest(const SearchRequest& a, const SearchRequest& b)
{
    return a.algorithm == b.algorithm && a.parameters.k == b.parameters.k &&
           a.parameters.threads == b.parameters.threads && a.parameters.batchSize == b.parameters.batchSize &&
           a.parameters.maxSetSize == b.parameters.maxSetSize &&
           a.parameters.missingSemantics == b.parameters.missingSemantics;
}

const QString ownProjectsKey = QStringLiteral("projects/savedHere");
/// The projects savedHereWith remembers, the most recently saved first.
constexpr qsizetype rememberedOwnProjects = 100;

QString resolvedPath(const QString& path)
{
    const QFileInfo file(path);
    return file.exists() ? file.canonicalFilePath() : file.absoluteFilePath();
}

/// One remembered project: its resolved path and its table's, on one line each.
QString ownProjectEntry(const QString& projectPath, const QString& tablePath)
{
    return resolvedPath(projectPath) + QLatin1Char('\n') + resolvedPath(tablePath);
}

} // namespace

const QString ProjectSession::suffix = QStringLiteral("qiscout");

bool ProjectSession::isProjectFile(const QString& path)
{
    return QFileInfo(path).suffix().compare(suffix, Qt::CaseInsensitive) == 0;
}

ProjectSession::TableSource ProjectSession::open(const QString& path)
{
    core::Project project = core::loadProject(path.toStdString());
    TableSource source{QString::fromStdString(project.tablePath), project.loadOptions};
    m_pending = std::move(project);
    m_path = path;
    return source;
}

void ProjectSession::close()
{
    m_pending.reset();
    m_path.clear();
}

std::optional<Setup> ProjectSession::restore(const core::EncodedTable& table, const Setup& defaults)
{
    if (!m_pending) {
        m_saved = defaults;
        return std::nullopt;
    }
    std::map<std::string, core::ColumnRole> byName;
    for (const auto& entry : m_pending->roles)
        byName[entry.column] = entry.role;
    Setup setup;
    for (const auto& column : table.columns) {
        const auto it = byName.find(column.name);
        setup.roles.push_back(it == byName.end() ? core::ColumnRole::QuasiIdentifier : it->second);
    }
    setup.request.parameters = m_pending->parameters;
    setup.request.algorithm = m_pending->algorithm;
    setup.protection = m_pending->protection;
    setup.risk = m_pending->risk;
    setup.analysed = m_pending->analysed;
    m_pending.reset();
    m_saved = setup;
    return setup;
}

void ProjectSession::save(const QString& path, const TableSource& table, const core::EncodedTable& encoded,
                          const Setup& setup)
{
    core::Project project;
    project.tablePath = QDir(QFileInfo(path).absolutePath()).relativeFilePath(table.path).toStdString();
    project.loadOptions = table.options;
    for (std::size_t column = 0; column < setup.roles.size() && column < encoded.columnCount(); ++column)
        project.roles.push_back({encoded.columns[column].name, setup.roles[column]});
    project.parameters = setup.request.parameters;
    project.parameters.columns.reset();
    project.algorithm = setup.request.algorithm;
    project.protection = setup.protection;
    project.risk = setup.risk;
    project.analysed = setup.analysed;
    core::saveProject(path.toStdString(), project);
    QSettings settings;
    QStringList own = settings.value(ownProjectsKey).toStringList();
    const QString entry = ownProjectEntry(path, table.path);
    own.removeAll(entry);
    own.prepend(entry);
    settings.setValue(ownProjectsKey, own.mid(0, rememberedOwnProjects));
    m_path = path;
    m_saved = setup;
}

QString ProjectSession::suggestedPath(const QString& tablePath) const
{
    if (!m_path.isEmpty())
        return m_path;
    const QFileInfo table(tablePath);
    return outputSuggestion(table.completeBaseName() + QLatin1Char('.') + suffix, table.absolutePath());
}

bool ProjectSession::savedHereWith(const QString& projectPath, const QString& tablePath)
{
    return QSettings().value(ownProjectsKey).toStringList().contains(ownProjectEntry(projectPath, tablePath));
}

bool ProjectSession::isModified(const Setup& current) const
{
    if (!m_saved)
        return false;
    const bool sameProtection =
        current.protection.has_value() == m_saved->protection.has_value() &&
        (!current.protection || core::sameProtection(*current.protection, *m_saved->protection));
    return current.roles != m_saved->roles || !sameRequest(current.request, m_saved->request) || !sameProtection ||
           current.risk != m_saved->risk;
}

} // namespace qiscout::ui
