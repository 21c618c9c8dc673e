// SPDX-License-Identifier: Apache-2.0
#pragma once

// The Vulkan entry points the plugin uses, loaded from libvulkan.so.1 at run time: a machine without the
// loader still loads the plugin, which then lists no device and says why when used.
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <string>

namespace devmux {
namespace vulkan {

#define DEVMUX_VK_GLOBAL_FUNCTIONS(X) \
    X(vkCreateInstance)               \
    X(vkEnumerateInstanceExtensionProperties) \
    X(vkEnumerateInstanceLayerProperties)

#define DEVMUX_VK_INSTANCE_FUNCTIONS(X)            \
    X(vkDestroyInstance)                           \
    X(vkEnumeratePhysicalDevices)                  \
    X(vkGetPhysicalDeviceProperties)               \
    X(vkGetPhysicalDeviceProperties2)              \
    X(vkGetPhysicalDeviceFeatures2)                \
    X(vkGetPhysicalDeviceMemoryProperties)         \
    X(vkGetPhysicalDeviceFormatProperties)         \
    X(vkGetPhysicalDeviceQueueFamilyProperties)    \
    X(vkEnumerateDeviceExtensionProperties)        \
    X(vkCreateDevice)                              \
    X(vkGetDeviceProcAddr)

#define DEVMUX_VK_DEVICE_FUNCTIONS(X)   \
    X(vkDestroyDevice)                  \
    X(vkGetDeviceQueue)                 \
    X(vkQueueSubmit)                    \
    X(vkQueueWaitIdle)                  \
    X(vkCreateBuffer)                   \
    X(vkDestroyBuffer)                  \
    X(vkCreateBufferView)               \
    X(vkDestroyBufferView)              \
    X(vkGetBufferMemoryRequirements)    \
    X(vkAllocateMemory)                 \
    X(vkFreeMemory)                     \
    X(vkBindBufferMemory)               \
    X(vkMapMemory)                      \
    X(vkUnmapMemory)                    \
    X(vkCreateShaderModule)             \
    X(vkDestroyShaderModule)            \
    X(vkCreatePipelineCache)            \
    X(vkDestroyPipelineCache)           \
    X(vkGetPipelineCacheData)           \
    X(vkMergePipelineCaches)            \
    X(vkCreateComputePipelines)         \
    X(vkDestroyPipeline)                \
    X(vkCreatePipelineLayout)           \
    X(vkDestroyPipelineLayout)          \
    X(vkCreateDescriptorSetLayout)      \
    X(vkDestroyDescriptorSetLayout)     \
    X(vkCreateDescriptorPool)           \
    X(vkDestroyDescriptorPool)          \
    X(vkAllocateDescriptorSets)         \
    X(vkUpdateDescriptorSets)           \
    X(vkCreateCommandPool)              \
    X(vkDestroyCommandPool)             \
    X(vkAllocateCommandBuffers)         \
    X(vkBeginCommandBuffer)             \
    X(vkEndCommandBuffer)               \
    X(vkResetCommandBuffer)             \
    X(vkCmdBindPipeline)                \
    X(vkCmdBindDescriptorSets)          \
    X(vkCmdPushConstants)               \
    X(vkCmdDispatch)                    \
    X(vkCmdPipelineBarrier)             \
    X(vkCmdCopyBuffer)                  \
    X(vkCmdResetQueryPool)              \
    X(vkCmdWriteTimestamp)              \
    X(vkCreateQueryPool)                \
    X(vkDestroyQueryPool)               \
    X(vkGetQueryPoolResults)            \
    X(vkCreateFence)                    \
    X(vkDestroyFence)                   \
    X(vkResetFences)                    \
    X(vkWaitForFences)

/// The loaded entry points; null members until the loader (and an instance / device) provide them.
struct Api {
#define DEVMUX_VK_MEMBER(name) PFN_##name name = nullptr;
    PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
    DEVMUX_VK_GLOBAL_FUNCTIONS(DEVMUX_VK_MEMBER)
    DEVMUX_VK_INSTANCE_FUNCTIONS(DEVMUX_VK_MEMBER)
    DEVMUX_VK_DEVICE_FUNCTIONS(DEVMUX_VK_MEMBER)
    PFN_vkCreateDebugUtilsMessengerEXT vkCreateDebugUtilsMessengerEXT = nullptr;
    PFN_vkDestroyDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT = nullptr;
#undef DEVMUX_VK_MEMBER
};

/// The process's entry points (filled by the Instance; device functions are the first device's, which
/// the loader's trampolines make valid for every device).
const Api& vk();
Api& mutable_api();

/// "VK_ERROR_OUT_OF_DEVICE_MEMORY" for a VkResult.
const char* result_name(VkResult result);

/// Throws ov::Exception "<where>: <call> failed with <VK_...>" unless `result` is VK_SUCCESS.
void check(VkResult result, const char* call, const std::string& where);

}  // namespace vulkan
}  // namespace devmux
