# SPDX-License-Identifier: Apache-2.0
# The layers of docs/architecture.md, as include rules: the plugin API (include/devmux/plugin) stands below
# the backend kit (include/devmux/kit), so no plugin-API header includes a kit header; the public ov:: API
# (include/openvino) includes neither.  cmake -DROOT=<source dir> -P check_layering.cmake
set(failures "")
function(check_folder folder forbidden_regex)
  file(GLOB_RECURSE headers ${ROOT}/${folder}/*.hpp)
  foreach(header IN LISTS headers)
    file(STRINGS ${header} lines REGEX "^#include \"(${forbidden_regex})")
    foreach(line IN LISTS lines)
      file(RELATIVE_PATH relative ${ROOT} ${header})
      set(failures "${failures}\n  ${relative}: ${line}" PARENT_SCOPE)
    endforeach()
  endforeach()
endfunction()
check_folder(include/devmux/plugin "devmux/kit/")
check_folder(include/openvino "devmux/")
if(failures)
  message(FATAL_ERROR "includes against the layering (docs/architecture.md, Layers):${failures}")
endif()
message(STATUS "layering: include/devmux/plugin includes no kit header; include/openvino no devmux header")
