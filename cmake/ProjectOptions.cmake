# SPDX-License-Identifier: GPL-3.0-or-later
# Language level and sanitizers as an INTERFACE target, so no global flag is ever appended.
add_library(qiscout_options INTERFACE)
add_library(qiscout::options ALIAS qiscout_options)
target_compile_features(qiscout_options INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

set(QISCOUT_SANITIZER "" CACHE STRING "Sanitizer set: '', 'address,undefined' or 'thread'")
if(QISCOUT_SANITIZER)
  target_compile_options(qiscout_options INTERFACE
    -fsanitize=${QISCOUT_SANITIZER} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(qiscout_options INTERFACE -fsanitize=${QISCOUT_SANITIZER})
endif()
