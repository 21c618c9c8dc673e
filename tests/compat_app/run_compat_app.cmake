# SPDX-License-Identifier: Apache-2.0
# cmake -DBUILD_DIR=... -DWORK_DIR=... -DAPP_SOURCE_DIR=... -DGENERATOR=... -DCXX_COMPILER=... -P run_compat_app.cmake
# Installs this build into a scratch prefix, then configures the C++11 application in app/ against it,
# builds it and runs it.
foreach(var BUILD_DIR WORK_DIR APP_SOURCE_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_compat_app.cmake needs -D${var}=...")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run_step("configuring the C++11 application" ${CMAKE_COMMAND} -S ${APP_SOURCE_DIR} -B ${WORK_DIR}/build
  -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix}
  # A sanitized build's flags (cmake/devmux_sanitize.cmake): the application links the instrumented runtime.
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run_step("building the C++11 application" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run_step("running the C++11 application" ${WORK_DIR}/build/compat_app)
if(NOT step_output MATCHES "compat app OK")
  message(FATAL_ERROR "unexpected application output:\n${step_output}")
endif()
message(STATUS "application: ${step_output}")
file(REMOVE_RECURSE ${WORK_DIR})
