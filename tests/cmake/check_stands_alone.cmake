# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a file of the repository refers to the developers' shared folder (dot-dot, slash,
# "shared"), which exists only beside their own checkout: a clone must build, test and benchmark
# with what it holds. The pattern is spelled with a bracket so that this file does not name it.
file(GLOB_RECURSE files LIST_DIRECTORIES false
     "${SOURCE_DIR}/core/*" "${SOURCE_DIR}/ui/*" "${SOURCE_DIR}/app/*" "${SOURCE_DIR}/tests/*.cpp"
     "${SOURCE_DIR}/tests/*.h" "${SOURCE_DIR}/tests/*.txt" "${SOURCE_DIR}/tests/*.cmake" "${SOURCE_DIR}/tests/*.sh"
     "${SOURCE_DIR}/installer/*" "${SOURCE_DIR}/cmake/*" "${SOURCE_DIR}/docs/*" "${SOURCE_DIR}/.ci/*"
     "${SOURCE_DIR}/bench/*")
list(APPEND files "${SOURCE_DIR}/README.md" "${SOURCE_DIR}/CMakeLists.txt" "${SOURCE_DIR}/CMakePresets.json")
list(FILTER files EXCLUDE REGEX "/tests/cmake/check_stands_alone\\.cmake$")
set(offenders "")
foreach(file IN LISTS files)
  file(STRINGS "${file}" hits REGEX "\\.\\./sh[a]red")
  if(hits)
    list(APPEND offenders "${file}: ${hits}")
  endif()
endforeach()
if(offenders)
  list(JOIN offenders "\n  " text)
  message(FATAL_ERROR "These files refer to the shared folder beside the checkout, which a clone does not have:\n  ${text}")
endif()
list(LENGTH files checked)
message(STATUS "No file refers to the shared folder beside the checkout (${checked} files checked)")
