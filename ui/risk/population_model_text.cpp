// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/population_model_text.h"

#include <algorithm>

#include <QCoreApplication>

namespace qiscout::ui {

const std::array<PopulationModelText, 3> populationModelTexts{{
    {core::PopulationModel::Pitman, QT_TRANSLATE_NOOP("RiskView", "Pitman's model"),
     QT_TRANSLATE_NOOP("RiskView",
                       "Counts how many combinations of key values occur once, twice, three times… in the table and "
                       "fits a model of how such counts grow from a sample to the whole population; the model then "
                       "says how many people are alone with their combination. Hoshino's estimate from Pitman's "
                       "sampling formula.")},
    {core::PopulationModel::Zayatz, QT_TRANSLATE_NOOP("RiskView", "Zayatz's model"),
     QT_TRANSLATE_NOOP("RiskView",
                       "Works out, from how many combinations of each size the table has, the chance that a record "
                       "unique in the table is unique in the population too, and adds these chances up. Zayatz "
                       "(1991).")},
    {core::PopulationModel::Snb, QT_TRANSLATE_NOOP("RiskView", "the SNB model"),
     QT_TRANSLATE_NOOP("RiskView",
                       "Assumes the number of people sharing a combination in the population follows a negative "
                       "binomial distribution, fits it to the table and counts the combinations it expects to hold "
                       "one person. The slide negative binomial model of Chen and Keller-McNulty (1998).")},
}};

const PopulationModelText& populationModelText(core::PopulationModel model)
{
    return *std::find_if(populationModelTexts.begin(), populationModelTexts.end(),
                         [model](const PopulationModelText& text) { return text.model == model; });
}

QString modelName(const PopulationModelText& text, bool startsSentence)
{
    QString name = QCoreApplication::translate("RiskView", text.name);
    if (startsSentence && !name.isEmpty())
        name[0] = name[0].toUpper();
    return name;
}

QString modelExplanation(const PopulationModelText& text)
{
    return QCoreApplication::translate("RiskView", text.explanation);
}

QString dankarRuleText()
{
    return QCoreApplication::translate(
        "RiskView", "Dankar et al.'s decision rule, as ARX applies it: Pitman's model (Zayatz's when Pitman's has no "
                    "estimate) for a table holding at most 10 % of the population, otherwise the smaller of Zayatz's "
                    "and the SNB estimate.");
}

} // namespace qiscout::ui
