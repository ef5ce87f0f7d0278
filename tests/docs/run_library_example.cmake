# Runs one of docs/library.md's programs (PROGRAM, in WORK_DIR) and compares what it printed
# with the page's text block after it (the file EXPECTED; empty: the program must only succeed).
execute_process(COMMAND ${PROGRAM} WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE result
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} failed (${result}):\n${out}\n${err}")
endif()
file(READ ${EXPECTED} expected)
if(NOT expected STREQUAL "" AND NOT out STREQUAL expected)
  message(FATAL_ERROR "${PROGRAM} printed\n${out}\ninstead of what docs/library.md says:\n"
                      "${expected}")
endif()
