// SPDX-License-Identifier: Apache-2.0
#include "vk_api.hpp"

#include "openvino/core/except.hpp"

namespace devmux {
namespace vulkan {

Api& mutable_api() {
    static Api api;
    return api;
}

const Api& vk() { return mutable_api(); }

const char* result_name(VkResult result) {
    switch (result) {
#define DEVMUX_VK_RESULT(name) \
    case name:                 \
        return #name;
        DEVMUX_VK_RESULT(VK_SUCCESS)
        DEVMUX_VK_RESULT(VK_NOT_READY)
        DEVMUX_VK_RESULT(VK_TIMEOUT)
        DEVMUX_VK_RESULT(VK_EVENT_SET)
        DEVMUX_VK_RESULT(VK_EVENT_RESET)
        DEVMUX_VK_RESULT(VK_INCOMPLETE)
        DEVMUX_VK_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
        DEVMUX_VK_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        DEVMUX_VK_RESULT(VK_ERROR_INITIALIZATION_FAILED)
        DEVMUX_VK_RESULT(VK_ERROR_DEVICE_LOST)
        DEVMUX_VK_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
        DEVMUX_VK_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
        DEVMUX_VK_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
        DEVMUX_VK_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
        DEVMUX_VK_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
        DEVMUX_VK_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
        DEVMUX_VK_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
        DEVMUX_VK_RESULT(VK_ERROR_FRAGMENTED_POOL)
        DEVMUX_VK_RESULT(VK_ERROR_UNKNOWN)
        DEVMUX_VK_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
        DEVMUX_VK_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
        DEVMUX_VK_RESULT(VK_ERROR_FRAGMENTATION)
        DEVMUX_VK_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
        DEVMUX_VK_RESULT(VK_PIPELINE_COMPILE_REQUIRED)
        DEVMUX_VK_RESULT(VK_ERROR_VALIDATION_FAILED_EXT)
#undef DEVMUX_VK_RESULT
    default:
        return "an unknown VkResult";
    }
}

void check(VkResult result, const char* call, const std::string& where) {
    if (result != VK_SUCCESS)
        OPENVINO_THROW(where, ": ", call, " failed with ", result_name(result), " (", static_cast<int>(result), ")");
}

}  // namespace vulkan
}  // namespace devmux
