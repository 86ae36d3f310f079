# SPDX-License-Identifier: GPL-3.0-or-later
# The GUI's command-line automation: --run --window-size --screenshot --quit on the sample ends with
# exit code 0 and a PNG of the requested size, and so does --risk on a project (#16); a file that
# cannot be opened ends it with exit code 1 and a message instead of a dialog waiting for a click (a
# table and a project, #19 item 8).
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")

# A PNG's IHDR chunk holds the width and height as big-endian 32-bit numbers from byte 16.
function(expect_1024x700_png shot)
  file(READ "${shot}" header LIMIT 24 HEX)
  string(SUBSTRING "${header}" 0 16 signature)
  string(SUBSTRING "${header}" 32 8 width)
  string(SUBSTRING "${header}" 40 8 height)
  if(NOT signature STREQUAL "89504e470d0a1a0a" OR NOT width STREQUAL "00000400" OR NOT height STREQUAL "000002bc")
    message(FATAL_ERROR "${shot} is not a 1024x700 PNG (header ${header})")
  endif()
endfunction()

set(shot "${OUT}/window.png")
execute_process(COMMAND "${GUI}" "${SAMPLE}" --k 2 --run --window-size 1024x700 --screenshot "${shot}" --quit
                RESULT_VARIABLE status ERROR_VARIABLE errors TIMEOUT 120)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "qiscout --run --screenshot --quit failed (${status}): ${errors}")
endif()
expect_1024x700_png("${shot}")

# --risk (#16): the findings, then the Risk step's assessment, then the picture. The project names
# its table outside its folder, which --quit refuses (#39), so it runs beside a copy of the table.
get_filename_component(risk_folder "${RISK_PROJECT}" DIRECTORY)
file(READ "${RISK_PROJECT}" risk_project)
string(REGEX MATCH "\"table\": \"([^\"]*)\"" table_entry "${risk_project}")
get_filename_component(risk_table "${risk_folder}/${CMAKE_MATCH_1}" NAME)
file(COPY "${risk_folder}/${CMAKE_MATCH_1}" DESTINATION "${OUT}")
string(REPLACE "${table_entry}" "\"table\": \"${risk_table}\"" risk_project "${risk_project}")
file(WRITE "${OUT}/risk.qiscout" "${risk_project}")
set(shot "${OUT}/risk.png")
execute_process(COMMAND "${GUI}" "${OUT}/risk.qiscout" --risk --window-size 1024x700 --screenshot "${shot}" --quit
                RESULT_VARIABLE status ERROR_VARIABLE errors TIMEOUT 120)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "qiscout --risk --screenshot --quit failed (${status}): ${errors}")
endif()
expect_1024x700_png("${shot}")

foreach(missing "${OUT}/missing.csv" "${OUT}/missing.qiscout")
  execute_process(COMMAND "${GUI}" "${missing}" --run --quit RESULT_VARIABLE status ERROR_VARIABLE errors TIMEOUT 60)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "opening ${missing} with --quit ended with ${status}, not 1: ${errors}")
  endif()
  get_filename_component(name "${missing}" NAME)
  string(FIND "${errors}" "${name}" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "the error does not name ${name}: ${errors}")
  endif()
endforeach()
