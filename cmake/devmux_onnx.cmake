# SPDX-License-Identifier: Apache-2.0
# The ONNX frontend's dependencies (docs/onnx.md): Debian's libonnx-dev (the ONNX protobuf classes,
# target onnx_proto) and libprotobuf-dev. On by default; switched off with a message where they are
# missing (scripts/build installs them, so CI always has them). libonnx-testdata (the backend test cases)
# is needed by the tests only: DEVMUX_ONNX_TESTDATA_DIR.
option(DEVMUX_ENABLE_ONNX "Build the ONNX frontend (needs libonnx-dev and libprotobuf-dev)" ON)
if(DEVMUX_ENABLE_ONNX)
  find_package(Protobuf QUIET)
  if(Protobuf_FOUND)
    find_package(ONNX QUIET CONFIG)
  endif()
  if(Protobuf_FOUND AND ONNX_FOUND AND TARGET onnx_proto)
    message(STATUS "ONNX frontend: ONNX ${ONNX_VERSION} (libonnx-dev), protobuf ${Protobuf_VERSION}")
  else()
    message(STATUS "ONNX frontend off: libonnx-dev or libprotobuf-dev not found (install them, or run "
                   "scripts/build): DEVMUX_ENABLE_ONNX switched off")
    set(DEVMUX_ENABLE_ONNX OFF)
  endif()
endif()
set(DEVMUX_ONNX_TESTDATA_DIR "/usr/share/libonnx-testdata/data" CACHE PATH "ONNX's backend test cases (libonnx-testdata)")
