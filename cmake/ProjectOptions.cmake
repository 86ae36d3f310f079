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

# The test presets built with sanitizers link core and ui as shared libraries: statically, each of
# the 23 GUI test programs carried its own instrumented copy of both (190 MB apiece, 4.2 GB in all),
# and a CI machine ran out of disk linking them. Releases keep static libraries.
option(QISCOUT_SHARED_LIBRARIES "Build qiscout_core and qiscout_ui as shared libraries" OFF)
if(QISCOUT_SHARED_LIBRARIES)
  set(QISCOUT_LIBRARY_TYPE SHARED)
else()
  set(QISCOUT_LIBRARY_TYPE STATIC)
endif()
