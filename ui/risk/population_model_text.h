// SPDX-License-Identifier: GPL-3.0-or-later
// The population models of the Risk step (#16) in words: their names, what each does in plain
// words and Dankar et al.'s rule among them. The Risk step's tooltips and the user guide say the
// same thing, so both take it from here.
#pragma once

#include <array>

#include <QString>

#include "qiscout/core/risk/risk_assessment.h"

namespace qiscout::ui {

/// A population model's name and what it does (untranslated; tr() them in the "RiskView" context).
struct PopulationModelText {
    core::PopulationModel model;
    /// As it stands inside a sentence ("the SNB model").
    const char* name;
    /// What the model does, in plain words, then where it comes from.
    const char* explanation;
};

/// Pitman's, Zayatz's and the SNB model, in that order.
extern const std::array<PopulationModelText, 3> populationModelTexts;

/// The words for one model.
[[nodiscard]] const PopulationModelText& populationModelText(core::PopulationModel model);

/// The model's name, translated; with an upper-case first letter to start a sentence.
[[nodiscard]] QString modelName(const PopulationModelText& text, bool startsSentence = false);
/// What the model does, translated.
[[nodiscard]] QString modelExplanation(const PopulationModelText& text);

/// Dankar et al.'s decision rule in plain words, translated.
[[nodiscard]] QString dankarRuleText();

} // namespace qiscout::ui
