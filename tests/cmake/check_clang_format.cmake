# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a C++ source of ours is not formatted as .clang-format says (clang-format 14).
find_program(CLANG_FORMAT NAMES clang-format-14 clang-format REQUIRED)
file(GLOB_RECURSE sources "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/ui/*.h"
     "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/tests/*.h"
     "${SOURCE_DIR}/tests/*.cpp")
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "No sources found under ${SOURCE_DIR}: the check would pass vacuously")
endif()
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${sources} RESULT_VARIABLE status ERROR_VARIABLE problems)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "clang-format finds unformatted code; run clang-format -i on:\n${problems}")
endif()
message(STATUS "clang-format: ${count} files clean")
