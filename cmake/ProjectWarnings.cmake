# SPDX-License-Identifier: GPL-3.0-or-later
# Warnings for our own code only; CMAKE_COMPILE_WARNING_AS_ERROR (set by the dev and ci presets)
# turns them into errors.
add_library(qiscout_warnings INTERFACE)
add_library(qiscout::warnings ALIAS qiscout_warnings)
target_compile_options(qiscout_warnings INTERFACE
  -Wall
  -Wextra
  -Wshadow               # a shadowed name in a lattice loop is a silent wrong answer
  -Wnon-virtual-dtor     # observers are deleted through base pointers
  -Wold-style-cast
  -Wcast-align
  -Wunused
  -Woverloaded-virtual
  -Wpedantic
  -Wconversion           # codes are 32-bit, row counts 64-bit: narrowing must be explicit
  -Wsign-conversion
  # -Wnull-dereference is left out: GCC 12 reports false positives from inlined libstdc++ code at -O2.
  -Wdouble-promotion
  -Wformat=2
  -Wimplicit-fallthrough
  $<$<CXX_COMPILER_ID:GNU>:-Wmisleading-indentation -Wduplicated-cond -Wduplicated-branches -Wlogical-op>
)
