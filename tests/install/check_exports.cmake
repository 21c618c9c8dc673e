# SPDX-License-Identifier: Apache-2.0
# cmake -DLIBRARY=<libdevmux_runtime.so> [-DSANITIZED=ON] -P check_exports.cmake
# The runtime exports the ov:: API and the developer API only (runtime/devmux_runtime.map): none of
# its internals, and no copy of a library it uses.
cmake_policy(SET CMP0007 NEW)
if(NOT DEFINED LIBRARY)
  message(FATAL_ERROR "check_exports.cmake needs -DLIBRARY=...")
endif()
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only -C ${LIBRARY} RESULT_VARIABLE rc OUTPUT_VARIABLE symbols ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}: ${err}")
endif()
string(REPLACE "\n" ";" lines "${symbols}")

# Internals that must stay hidden: the IR reader and writer, the op registry, the Core's registry and
# plugin loading, the proxy, plugins.xml parsing, the reference kernels' helpers, pugixml.
set(forbidden "devmux::ir::" "devmux::OpRegistry" "devmux::OpRegistration" "devmux::CoreImpl" "devmux::PluginRegistry"
  "devmux::proxy::" "devmux::registry::" "devmux::parse_plugins_xml" "devmux::ref::" "pugi::")
set(found "")
foreach(line IN LISTS lines)
  # A sanitized build (cmake/devmux_sanitize.cmake) exports two kinds of symbol that the Release build
  # does not have: typeinfo of function types, which UBSan's function check emits ("typeinfo for
  # ov::Node* (...)"), and the std:: templates that -O1 does not inline, whose demangled names start with
  # an ov:: return type and so match the map's ov::* ("ov::Node* std::__invoke_impl<...>").
  if(SANITIZED AND line MATCHES " [A-Za-z] (typeinfo (name )?for [^(]*[(]|ov::[^(]* std::)")
    continue()
  endif()
  foreach(pattern IN LISTS forbidden)
    string(FIND "${line}" "${pattern}" at)
    if(NOT at EQUAL -1)
      string(APPEND found "  ${line}\n")
      break()
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "${LIBRARY} exports internals:\n${found}")
endif()

# And what applications and plugins need is there.
foreach(needed "ov::Core::Core(" "ov::Model::Model(" "devmux::IPlugin::import_model(" "devmux::ICompiledModel::ICompiledModel("
               "devmux::kit::ReferenceExecutor::run(" "devmux::kit::ExportWriter::ExportWriter(" "devmux::kit::PropertyValues::set("
               "devmux::host_cpu_uuid(" "typeinfo for ov::Exception")
  string(FIND "${symbols}" "${needed}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${LIBRARY} does not export ${needed}")
  endif()
endforeach()
list(LENGTH lines count)
message(STATUS "${LIBRARY}: ${count} exported symbols, no internals")
