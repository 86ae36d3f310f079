# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 4: a project naming a table path of a million characters froze the window while the
# loading dialog laid the whole path out (100,000 characters: 11.4 s; 1,000,000: over 120 s), and
# --quit could not end it. Labels and dialogs now show a bounded, elided path: the project ends
# --run --quit at once with exit code 1, inside or outside the project's folder.
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
string(REPEAT "a" 1000000 long)
file(WRITE "${OUT}/inside.qiscout" "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"${long}.csv\"}\n")
file(WRITE "${OUT}/outside.qiscout" "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"/tmp/${long}.csv\"}\n")
foreach(project inside outside)
  string(TIMESTAMP started "%s")
  execute_process(COMMAND "${GUI}" "${OUT}/${project}.qiscout" --run --quit
                  RESULT_VARIABLE status ERROR_VARIABLE errors TIMEOUT 60)
  string(TIMESTAMP ended "%s")
  math(EXPR seconds "${ended} - ${started}")
  string(LENGTH "${errors}" length)
  string(SUBSTRING "${errors}" 0 200 start)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "${project}: --run --quit ended with '${status}' after ${seconds} s, not 1: ${start}")
  endif()
  string(REGEX MATCH "too long|outside the project's folder" said "${errors}")
  if(NOT said)
    message(FATAL_ERROR "${project}: the message does not say why: ${start}")
  endif()
  message(STATUS "${project}: ended in ${seconds} s with a message of ${length} characters: ${start}")
endforeach()
