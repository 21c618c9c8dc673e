# SPDX-License-Identifier: Apache-2.0
# `cmake --install` rules: headers, the runtime library, the CLI (its own CMakeLists), the plugins and
# plugins.xml (cmake/devmux_plugins.cmake), and CMake packages usable two ways:
#   find_package(devmux)                      -> devmux::runtime
#   find_package(OpenVINO COMPONENTS Runtime) -> openvino::runtime, so OpenVINO applications build unchanged.
include(CMakePackageConfigHelpers)

set(DEVMUX_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake)

set_target_properties(devmux_runtime PROPERTIES EXPORT_NAME runtime)
install(TARGETS devmux_runtime EXPORT devmuxTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/openvino ${PROJECT_SOURCE_DIR}/include/devmux
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The op lists generated from the op table (cmake/devmux_opsets.cmake).
install(DIRECTORY ${DEVMUX_GENERATED_INCLUDE_DIR}/openvino DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT devmuxTargets NAMESPACE devmux:: DESTINATION ${DEVMUX_INSTALL_CMAKEDIR}/devmux)

# The OpenVINO API level devmux follows (include/openvino/core/version.hpp) is the version the
# OpenVINO package reports, so `find_package(OpenVINO 2023.0 ...)` in an application still matches.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/openvino/core/version.hpp DEVMUX_OV_VERSION_LINES
  REGEX "^#define OPENVINO_VERSION_(MAJOR|MINOR|PATCH) ")
foreach(part MAJOR MINOR PATCH)
  if(DEVMUX_OV_VERSION_LINES MATCHES "OPENVINO_VERSION_${part} ([0-9]+)")
    set(DEVMUX_OV_VERSION_${part} ${CMAKE_MATCH_1})
  else()
    message(FATAL_ERROR "include/openvino/core/version.hpp does not define OPENVINO_VERSION_${part}")
  endif()
endforeach()
set(DEVMUX_OPENVINO_API_VERSION "${DEVMUX_OV_VERSION_MAJOR}.${DEVMUX_OV_VERSION_MINOR}.${DEVMUX_OV_VERSION_PATCH}")

set(DEVMUX_PACKAGE_DIR ${CMAKE_BINARY_DIR}/package)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/devmuxConfig.cmake.in
  ${DEVMUX_PACKAGE_DIR}/devmuxConfig.cmake
  INSTALL_DESTINATION ${DEVMUX_INSTALL_CMAKEDIR}/devmux)
write_basic_package_version_file(${DEVMUX_PACKAGE_DIR}/devmuxConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/OpenVINOConfig.cmake.in
  ${DEVMUX_PACKAGE_DIR}/OpenVINOConfig.cmake
  INSTALL_DESTINATION ${DEVMUX_INSTALL_CMAKEDIR}/OpenVINO
  PATH_VARS DEVMUX_INSTALL_CMAKEDIR)
write_basic_package_version_file(${DEVMUX_PACKAGE_DIR}/OpenVINOConfigVersion.cmake
  VERSION ${DEVMUX_OPENVINO_API_VERSION} COMPATIBILITY AnyNewerVersion)
install(FILES ${DEVMUX_PACKAGE_DIR}/devmuxConfig.cmake ${DEVMUX_PACKAGE_DIR}/devmuxConfigVersion.cmake
  DESTINATION ${DEVMUX_INSTALL_CMAKEDIR}/devmux)
install(FILES ${DEVMUX_PACKAGE_DIR}/OpenVINOConfig.cmake ${DEVMUX_PACKAGE_DIR}/OpenVINOConfigVersion.cmake
  DESTINATION ${DEVMUX_INSTALL_CMAKEDIR}/OpenVINO)
