// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/cpu_features.h"

namespace qiscout::core {

bool cpuRunsAvx2()
{
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") != 0;
#else
    return false;
#endif
}

} // namespace qiscout::core
