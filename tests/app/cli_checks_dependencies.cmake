# SPDX-License-Identifier: GPL-3.0-or-later
# #18: `dependencies` and `attack-check` on the FFD paper's Table 1, read back from their JSON.
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(COMMAND "${CLI}" dependencies "${DATA}/paper_table1_original.csv" --columns Sex,Zip,Phone,Disease
                        --qi Sex,Zip --sensitive Disease --max-lhs 2 --json "${OUT}/dependencies.json"
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "dependencies failed (${status}): ${errors}")
endif()
file(READ "${OUT}/dependencies.json" text)
string(JSON count LENGTH "${text}" dependencies)
set(found FALSE)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON lhs GET "${text}" dependencies ${i} lhs)
  string(JSON rhs GET "${text}" dependencies ${i} rhs)
  string(JSON safe GET "${text}" dependencies ${i} safe)
  if(lhs STREQUAL "[ \"Phone\" ]" AND rhs STREQUAL "Zip")
    if(NOT safe STREQUAL "OFF")
      message(FATAL_ERROR "Phone -> Zip should be unsafe: ${text}")
    endif()
    set(found TRUE)
  endif()
endforeach()
if(NOT found)
  message(FATAL_ERROR "Phone -> Zip was not found: ${text}")
endif()

execute_process(COMMAND "${CLI}" attack-check "${DATA}/paper_table1_published.csv" --qi Sex,Zip --sensitive Disease
                        --l 3 --original "${DATA}/paper_table1_original.csv" --json "${OUT}/attack.json"
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "attack-check failed (${status}): ${errors}")
endif()
file(READ "${OUT}/attack.json" text)
string(JSON succeeds GET "${text}" attack_succeeds)
string(JSON groups GET "${text}" qi_groups)
if(NOT succeeds STREQUAL "ON" OR NOT groups EQUAL 2)
  message(FATAL_ERROR "the attack on Table 1 (b) should succeed on its 2 QI-groups: ${text}")
endif()

# A column that is not in the table is a usage error (exit 2).
execute_process(COMMAND "${CLI}" attack-check "${DATA}/paper_table1_published.csv" --qi Sex,Nope --sensitive Disease
                        --l 3 RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "an unknown column should exit with 2, not ${status}")
endif()
