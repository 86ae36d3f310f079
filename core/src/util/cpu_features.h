// SPDX-License-Identifier: GPL-3.0-or-later
// Which vector instructions this processor runs, for the kernels that pick a path at run time.
//
// Why a run-time check and not GCC's target_clones: a clone's resolver runs while the dynamic
// loader relocates the program, before ThreadSanitizer's runtime is set up, and crashes the tsan
// build at start-up. A plain check at the call costs a load of a flag libgcc set at start-up.
#pragma once

namespace qiscout::core {

/// AVX2 (8 x 32-bit lanes, vpmulld); false off x86-64.
[[nodiscard]] bool cpuRunsAvx2();

} // namespace qiscout::core
