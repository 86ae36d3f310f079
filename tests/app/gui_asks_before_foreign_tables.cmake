# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 4: a project whose table the user would be asked about (outside the project's folder, or
# on a database server) is refused by --run --quit, where no one can answer: exit code 1, a message
# on stderr, and the table never read (a FIFO as the table would otherwise keep it waiting). A
# project beside its table still runs.
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}/project")
execute_process(COMMAND mkfifo "${OUT}/outside.csv" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cannot make a FIFO")
endif()
file(COPY "${SAMPLE}" DESTINATION "${OUT}/project")
get_filename_component(inside "${SAMPLE}" NAME)

function(project_file name table)
  file(WRITE "${OUT}/project/${name}.qiscout"
       "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"${table}\"}\n")
endfunction()
project_file(relative "../outside.csv")
project_file(absolute "${OUT}/outside.csv")
project_file(server "postgresql://probe:TopSecret@127.0.0.1:1/probe")
project_file(inside "${inside}")

foreach(case relative absolute server)
  execute_process(COMMAND "${GUI}" "${OUT}/project/${case}.qiscout" --run --quit
                  RESULT_VARIABLE status ERROR_VARIABLE errors TIMEOUT 60)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "qiscout ${case}.qiscout --run --quit ended with '${status}', not 1: ${errors}")
  endif()
  string(REGEX MATCH "outside the project's folder|database server" said "${errors}")
  if(NOT said OR NOT errors MATCHES "nothing was read")
    message(FATAL_ERROR "qiscout ${case}.qiscout: the message does not say why: ${errors}")
  endif()
  if(errors MATCHES "TopSecret")
    message(FATAL_ERROR "qiscout ${case}.qiscout shows the password: ${errors}")
  endif()
endforeach()

execute_process(COMMAND "${GUI}" "${OUT}/project/inside.qiscout" --run --quit
                RESULT_VARIABLE status ERROR_VARIABLE errors TIMEOUT 120)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "a project beside its table failed with --run --quit (${status}): ${errors}")
endif()
