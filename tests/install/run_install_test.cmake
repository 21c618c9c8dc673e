# SPDX-License-Identifier: Apache-2.0
# cmake -DBUILD_DIR=... -DWORK_DIR=... -DAPP_SOURCE_DIR=... -DDEVMUX_APP_SOURCE_DIR=... -DPLUGIN_SOURCE_DIR=...
#       -DGENERATOR=... -DCXX_COMPILER=... -DMODEL=... -DLIBDIR=lib [-DCXX_FLAGS=... -DLINKER_FLAGS=...]
#       -P run_install_test.cmake
# CXX_FLAGS and LINKER_FLAGS: a sanitized build's flags (cmake/devmux_sanitize.cmake), with which the
# application and the plugin are built too, as they link the instrumented runtime.
foreach(var BUILD_DIR WORK_DIR APP_SOURCE_DIR DEVMUX_APP_SOURCE_DIR PLUGIN_SOURCE_DIR GENERATOR CXX_COMPILER MODEL
            LIBDIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_install_test.cmake needs -D${var}=...")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(flags "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}"
  "-DCMAKE_SHARED_LINKER_FLAGS=${LINKER_FLAGS}" "-DCMAKE_MODULE_LINKER_FLAGS=${LINKER_FLAGS}")
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

foreach(path include/openvino/openvino.hpp include/devmux/plugin/iplugin.hpp bin/devmux
             ${LIBDIR}/cmake/OpenVINO/OpenVINOConfig.cmake ${LIBDIR}/cmake/devmux/devmuxConfig.cmake
             ${LIBDIR}/plugins.xml)
  if(NOT EXISTS ${prefix}/${path})
    message(FATAL_ERROR "cmake --install did not install ${path}")
  endif()
endforeach()
file(GLOB runtime_libs ${prefix}/${LIBDIR}/libdevmux_runtime.so*)
if(NOT runtime_libs)
  message(FATAL_ERROR "cmake --install did not install libdevmux_runtime.so")
endif()

# An OpenVINO application, configured exactly as it would be against OpenVINO.
set(app_build ${WORK_DIR}/app-build)
run_step("configuring the OpenVINO application" ${CMAKE_COMMAND} -S ${APP_SOURCE_DIR} -B ${app_build}
  -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} ${flags})
if(NOT step_output MATCHES "OpenVINO 2[0-9][0-9][0-9]\\.[0-9]+\\.[0-9]+ found")
  message(FATAL_ERROR "the application did not report OpenVINO_VERSION:\n${step_output}")
endif()
run_step("building the OpenVINO application" ${CMAKE_COMMAND} --build ${app_build})
run_step("running the OpenVINO application" ${app_build}/app ${MODEL})
if(NOT step_output MATCHES "outputs match")
  message(FATAL_ERROR "unexpected application output:\n${step_output}")
endif()
message(STATUS "application: ${step_output}")

# The devmux package by its own name (configure only: it must define devmux::runtime).
run_step("configuring a find_package(devmux) project" ${CMAKE_COMMAND} -S ${DEVMUX_APP_SOURCE_DIR}
  -B ${WORK_DIR}/devmux-app-build -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} ${flags})

# A plugin built outside the tree against the installed headers and the runtime's exported symbols
# alone, loaded by a Core through a plugins.xml of its own, runs a model.
set(plugin_build ${WORK_DIR}/plugin-build)
run_step("configuring the out-of-tree plugin" ${CMAKE_COMMAND} -S ${PLUGIN_SOURCE_DIR} -B ${plugin_build}
  -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} ${flags})
run_step("building the out-of-tree plugin" ${CMAKE_COMMAND} --build ${plugin_build})
file(WRITE ${plugin_build}/plugins.xml
  "<ie>\n  <plugins>\n    <plugin name=\"TINY\" location=\"${plugin_build}/libdevmux_tiny_plugin.so\"/>\n  </plugins>\n</ie>\n")
run_step("running a model on the out-of-tree plugin" ${plugin_build}/run_tiny ${plugin_build}/plugins.xml)
if(NOT step_output MATCHES "tiny plugin outputs match")
  message(FATAL_ERROR "unexpected output of the out-of-tree plugin run:\n${step_output}")
endif()
message(STATUS "out-of-tree plugin: ${step_output}")

# The installed CLI finds its library through its RPATH and the plugins through the installed plugins.xml.
run_step("running the installed devmux CLI" ${prefix}/bin/devmux devices)
if(NOT step_output MATCHES "CPU")
  message(FATAL_ERROR "the installed CLI lists no CPU device:\n${step_output}")
endif()

file(REMOVE_RECURSE ${WORK_DIR})
