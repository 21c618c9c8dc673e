# SPDX-License-Identifier: Apache-2.0
# devmux_add_plugin(NAME <target> DEVICE_NAME <DEVICE> SOURCES ... [LINK libs...] [SKIP_REGISTRATION]
#                   [PROPERTIES K=V ...])
# builds a plugin MODULE library against the public headers and the runtime's exported symbols, installs
# it, and (unless SKIP_REGISTRATION) registers it under DEVICE in the generated plugins.xml.
# TARGET is accepted as another spelling of NAME.
set_property(GLOBAL PROPERTY DEVMUX_PLUGIN_ENTRIES "")
# Every plugin library target (devmux_add_plugin's, and test plugins that add themselves), for
# devmux_check_plugin_boundary().
set_property(GLOBAL PROPERTY DEVMUX_PLUGIN_TARGETS "")

function(devmux_add_plugin)
  cmake_parse_arguments(P "SKIP_REGISTRATION" "NAME;TARGET;DEVICE_NAME" "SOURCES;PROPERTIES;LINK" ${ARGN})
  if(P_NAME)
    set(P_TARGET ${P_NAME})
  endif()
  if(NOT P_TARGET OR NOT P_SOURCES OR (NOT P_DEVICE_NAME AND NOT P_SKIP_REGISTRATION))
    message(FATAL_ERROR "devmux_add_plugin needs NAME, SOURCES and DEVICE_NAME (or SKIP_REGISTRATION)")
  endif()
  add_library(${P_TARGET} MODULE ${P_SOURCES})
  set_property(GLOBAL APPEND PROPERTY DEVMUX_PLUGIN_TARGETS ${P_TARGET})
  target_link_libraries(${P_TARGET} PRIVATE devmux::runtime ${P_LINK})
  set_target_properties(${P_TARGET} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  # A symbol the runtime does not export fails the link here, not the dlopen at run time.
  target_link_options(${P_TARGET} PRIVATE "LINKER:--no-undefined")
  install(TARGETS ${P_TARGET} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  if(NOT P_SKIP_REGISTRATION)
    set(entry "${P_DEVICE_NAME}|lib${P_TARGET}.so|${P_PROPERTIES}")
    set_property(GLOBAL APPEND PROPERTY DEVMUX_PLUGIN_ENTRIES "${entry}")
  endif()
endfunction()

# Writes <build>/lib/plugins.xml with bare library names, so the same file works in the build
# tree and, installed next to the runtime library, after `cmake --install`.
function(devmux_write_plugins_xml)
  get_property(entries GLOBAL PROPERTY DEVMUX_PLUGIN_ENTRIES)
  set(body "")
  foreach(entry IN LISTS entries)
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 name)
    list(GET parts 1 lib)
    list(LENGTH parts n)
    set(props "")
    if(n GREATER 2)
      list(SUBLIST parts 2 -1 kvs)
      foreach(kv IN LISTS kvs)
        if(kv MATCHES "^([^=]+)=(.*)$")
          string(APPEND props "        <property key=\"${CMAKE_MATCH_1}\" value=\"${CMAKE_MATCH_2}\"/>\n")
        endif()
      endforeach()
    endif()
    if(props)
      string(APPEND body "    <plugin name=\"${name}\" location=\"${lib}\">\n      <properties>\n${props}      </properties>\n    </plugin>\n")
    else()
      string(APPEND body "    <plugin name=\"${name}\" location=\"${lib}\"/>\n")
    endif()
  endforeach()
  file(WRITE ${CMAKE_BINARY_DIR}/lib/plugins.xml "<ie>\n  <plugins>\n${body}  </plugins>\n</ie>\n")
  install(FILES ${CMAKE_BINARY_DIR}/lib/plugins.xml DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# Fails the configure when a plugin target, or a library it links, has the runtime's private headers
# (runtime/) on its include path: plugins build on include/openvino, include/devmux and the runtime's
# exported symbols only. (A single source may still get runtime/ through its own INCLUDE_DIRECTORIES
# property while its dependency moves into the kit: see backends/cpu/CMakeLists.txt.)
function(devmux_check_plugin_boundary)
  get_property(plugins GLOBAL PROPERTY DEVMUX_PLUGIN_TARGETS)
  foreach(plugin IN LISTS plugins)
    set(checked ${plugin})
    get_target_property(links ${plugin} LINK_LIBRARIES)
    foreach(link IN LISTS links)
      if(TARGET ${link})
        list(APPEND checked ${link})
      endif()
    endforeach()
    foreach(target IN LISTS checked)
      get_target_property(dirs ${target} INCLUDE_DIRECTORIES)
      get_target_property(interface_dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
      foreach(dir IN LISTS dirs interface_dirs)
        string(REGEX REPLACE "^\\$<BUILD_INTERFACE:(.*)>$" "\\1" dir "${dir}")
        if(dir STREQUAL "${PROJECT_SOURCE_DIR}/runtime" OR dir MATCHES "^${PROJECT_SOURCE_DIR}/runtime/")
          message(FATAL_ERROR "plugin ${plugin}: ${target} has the runtime's private headers (${dir}) on its include "
                              "path; plugins use include/openvino, include/devmux and devmux::runtime only")
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()
