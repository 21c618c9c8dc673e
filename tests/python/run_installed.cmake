# SPDX-License-Identifier: Apache-2.0
# Installs the build into a scratch prefix and runs installed_app.py against <prefix>/python from
# outside the tree: the installed package must find the installed runtime, plugins and plugins.xml.
#   cmake -DBUILD_DIR=... -DPREFIX=... -DPYTHON=... -DAPP=... -DMODELS_DIR=... -P run_installed.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX}
  RESULT_VARIABLE installed OUTPUT_QUIET)
if(NOT installed EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${installed})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PREFIX}/python DEVMUX_PLUGINS_XML=
  ${PYTHON} ${APP} ${PREFIX} ${MODELS_DIR}
  WORKING_DIRECTORY ${PREFIX} RESULT_VARIABLE ran)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "installed_app.py failed (${ran})")
endif()
