# Finds the Python interpreter and pybind11 for the module dlx (included by the top-level
# CMakeLists.txt before the libraries, which then build position-independent twins for it).
# Sets DLX_PYTHON_MODULE when both are found, and DLX_PYTHON_TESTS when that interpreter can
# also run the tests (it has pytest).
#
# Which interpreter: Python_EXECUTABLE when given; otherwise the first of `python3` on PATH and
# /usr/bin/python3 that has pytest, else the first that runs. (A machine may have a private
# Python first on PATH, without pytest, beside the system's; the tests need the one with it.)
if(NOT Python_EXECUTABLE)
  set(_dlx_candidates "")
  find_program(_dlx_path_python NAMES python3 NO_CACHE)
  foreach(_candidate IN ITEMS "${_dlx_path_python}" /usr/bin/python3)
    if(_candidate AND EXISTS "${_candidate}" AND NOT _candidate IN_LIST _dlx_candidates)
      list(APPEND _dlx_candidates "${_candidate}")
    endif()
  endforeach()
  foreach(_candidate IN LISTS _dlx_candidates)
    execute_process(COMMAND "${_candidate}" -c "import pytest" RESULT_VARIABLE _dlx_no_pytest
                    OUTPUT_QUIET ERROR_QUIET)
    if(_dlx_no_pytest EQUAL 0)
      set(Python_EXECUTABLE "${_candidate}")
      break()
    endif()
  endforeach()
  if(NOT Python_EXECUTABLE AND _dlx_candidates)
    list(GET _dlx_candidates 0 Python_EXECUTABLE)
  endif()
endif()

find_package(Python 3.8 COMPONENTS Interpreter Development.Module)
if(Python_FOUND)
  set(PYBIND11_FINDPYTHON ON)
  find_package(pybind11 2.6 CONFIG QUIET)
endif()
if(Python_FOUND AND pybind11_FOUND)
  set(DLX_PYTHON_MODULE ON)
  execute_process(COMMAND "${Python_EXECUTABLE}" -c "import pytest" RESULT_VARIABLE _dlx_no_pytest
                  OUTPUT_QUIET ERROR_QUIET)
  if(_dlx_no_pytest EQUAL 0)
    set(DLX_PYTHON_TESTS ON)
  else()
    set(DLX_PYTHON_TESTS OFF)
    message(STATUS "dlx: ${Python_EXECUTABLE} has no pytest: the Python tests are left out")
  endif()
  message(STATUS "dlx: the Python module, for ${Python_EXECUTABLE} (pybind11 ${pybind11_VERSION})")
else()
  message(STATUS "dlx: no Python module (needs Python's headers and pybind11: on Debian, "
                 "python3-dev and pybind11-dev)")
endif()
