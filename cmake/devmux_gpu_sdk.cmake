# SPDX-License-Identifier: Apache-2.0
# The SDKs of the GPU backends. Each option is on by default and switched off, with a status message,
# when its SDK is missing (scripts/build installs them, so CI always has them). What is found:
#   DEVMUX_ENABLE_OPENCL: OpenCL::OpenCL (ICD loader + headers); clblast when CLBlast is installed
#                         (DEVMUX_HAVE_CLBLAST)
#   DEVMUX_ENABLE_VULKAN: Vulkan::Vulkan, DEVMUX_GLSLC (glslc, for devmux_embed_glsl), DEVMUX_SPIRV_VAL
#                         (spirv-val, for the tests)
#   DEVMUX_HAVE_DNNL:     DNNL::dnnl (oneDNN), not an option: only reported
# The switched-off value is a normal variable over the cached option, so installing the SDK and
# configuring again turns the backend back on.
option(DEVMUX_ENABLE_OPENCL "Build the OpenCL backend (needs ocl-icd-opencl-dev and opencl-headers)" ON)
option(DEVMUX_ENABLE_VULKAN "Build the Vulkan backend (needs libvulkan-dev and glslc)" ON)

if(DEVMUX_ENABLE_OPENCL)
  find_package(OpenCL QUIET)
  if(OpenCL_FOUND)
    find_package(CLBlast QUIET CONFIG)
    set(DEVMUX_HAVE_CLBLAST ${CLBlast_FOUND})
    message(STATUS "OpenCL SDK: ${OpenCL_LIBRARIES} (OpenCL ${OpenCL_VERSION_STRING}); CLBlast: ${DEVMUX_HAVE_CLBLAST}")
  else()
    message(STATUS "OpenCL SDK not found (install ocl-icd-opencl-dev and opencl-headers, or run scripts/build): "
                   "DEVMUX_ENABLE_OPENCL switched off")
    set(DEVMUX_ENABLE_OPENCL OFF)
  endif()
endif()

if(DEVMUX_ENABLE_VULKAN)
  find_package(Vulkan QUIET COMPONENTS glslc)
  find_program(DEVMUX_GLSLC NAMES glslc HINTS ${Vulkan_GLSLC_EXECUTABLE})
  find_program(DEVMUX_SPIRV_VAL NAMES spirv-val)
  if(Vulkan_FOUND AND DEVMUX_GLSLC)
    message(STATUS "Vulkan SDK: ${Vulkan_LIBRARIES}; glslc: ${DEVMUX_GLSLC}; spirv-val: ${DEVMUX_SPIRV_VAL}")
  else()
    set(missing "")
    if(NOT Vulkan_FOUND)
      string(APPEND missing " libvulkan-dev")
    endif()
    if(NOT DEVMUX_GLSLC)
      string(APPEND missing " glslc")
    endif()
    message(STATUS "Vulkan SDK incomplete (missing:${missing}; run scripts/build to install it): "
                   "DEVMUX_ENABLE_VULKAN switched off")
    set(DEVMUX_ENABLE_VULKAN OFF)
  endif()
endif()

# oneDNN, for the CPU backend's next kernels: DEVMUX_HAVE_DNNL and DNNL::dnnl when libdnnl-dev is there.
# Debian's oneDNN is built with its OpenCL runtime, so its package needs OpenCL found first.
set(DEVMUX_HAVE_DNNL OFF)
if(OpenCL_FOUND)
  find_package(dnnl QUIET CONFIG)
  set(DEVMUX_HAVE_DNNL ${dnnl_FOUND})
endif()
if(DEVMUX_HAVE_DNNL)
  message(STATUS "oneDNN: ${dnnl_VERSION}")
else()
  message(STATUS "oneDNN not found (install libdnnl-dev, or run scripts/build)")
endif()
