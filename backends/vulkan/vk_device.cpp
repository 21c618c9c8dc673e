// SPDX-License-Identifier: Apache-2.0
#include "vk_device.hpp"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <tuple>

#include "devmux/kit/export_format.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "openvino/core/except.hpp"
#include "vulkan_shaders.hpp"
#include "vulkan_shaders_f16.hpp"

namespace devmux {
namespace vulkan {
namespace {

// DEVMUX_VULKAN_CONV_TILE's value, PIXELSxQUADS.
TexelTile parse_texel_tile(const std::string& text) {
    TexelTile tile;
    char separator = 0, rest = 0;
    const int read = std::sscanf(text.c_str(), "%u%c%u%c", &tile.pixels, &separator, &tile.quads, &rest);
    const bool pixels_ok = tile.pixels == 1 || tile.pixels == 2 || tile.pixels == 4 || tile.pixels == 8 || tile.pixels == 16;
    const bool quads_ok = tile.quads == 1 || tile.quads == 2 || tile.quads == 4;
    OPENVINO_ASSERT(read == 3 && separator == 'x' && pixels_ok && quads_ok, "VULKAN: DEVMUX_VULKAN_CONV_TILE = '", text,
                    "' is not PIXELSxQUADS with pixels 1, 2, 4, 8 or 16 and quads 1, 2 or 4 (e.g. 16x4)");
    return tile;
}

bool has_extension(const std::vector<VkExtensionProperties>& extensions, const char* name) {
    for (const auto& extension : extensions)
        if (std::strcmp(extension.extensionName, name) == 0)
            return true;
    return false;
}

VKAPI_ATTR VkBool32 VKAPI_CALL on_validation_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                     VkDebugUtilsMessageTypeFlagsEXT,
                                                     const VkDebugUtilsMessengerCallbackDataEXT* data, void*) {
    // Tests run with the layer and must fail on any message: print it and stop the process, so the
    // failing test is the one that made the call.
    std::fprintf(stderr, "VULKAN validation (severity %d): %s\n", static_cast<int>(severity),
                 data && data->pMessage ? data->pMessage : "");
    std::fflush(stderr);
    std::abort();
}

}  // namespace

const char* type_name(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return "cpu";
    default:
        return "other";
    }
}

// ---- Instance ----

Instance& Instance::get() {
    // Never destroyed: plugins' compiled models may outlive static destruction order.
    static Instance* instance = new Instance();
    return *instance;
}

Instance::Instance() {
    // The instance, its devices and their fence threads live as long as the process: pin this library so
    // that a Core unloading the plugin never unmaps code those threads run, and a reload finds the same
    // instance (one VkInstance per process).
    Dl_info self{};
    if (dladdr(reinterpret_cast<void*>(&Instance::get), &self) && self.dli_fname)
        dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    try {
        load();
    } catch (const std::exception& e) {
        m_error = e.what();
        m_physical.clear();
    }
}

Instance::~Instance() = default;

void Instance::load() {
    const char* loader_names[] = {"libvulkan.so.1", "libvulkan.so"};
    for (const char* name : loader_names)
        if ((m_library = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
            break;
    if (!m_library)
        OPENVINO_THROW("VULKAN: no Vulkan loader (libvulkan.so.1 could not be opened: ", dlerror(),
                       "); install libvulkan1 and a driver (mesa-vulkan-drivers, or the GPU vendor's)");
    Api& api = mutable_api();
    api.vkGetInstanceProcAddr =
        reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(m_library, "vkGetInstanceProcAddr"));
    OPENVINO_ASSERT(api.vkGetInstanceProcAddr, "VULKAN: the Vulkan loader has no vkGetInstanceProcAddr");
#define DEVMUX_VK_LOAD_GLOBAL(name) \
    api.name = reinterpret_cast<PFN_##name>(api.vkGetInstanceProcAddr(VK_NULL_HANDLE, #name));
    DEVMUX_VK_GLOBAL_FUNCTIONS(DEVMUX_VK_LOAD_GLOBAL)
#undef DEVMUX_VK_LOAD_GLOBAL

    const char* validation = std::getenv("DEVMUX_VULKAN_VALIDATION");
    m_validation = validation && std::string(validation) == "1";
    std::vector<const char*> layers, extensions;
    if (m_validation) {
        uint32_t count = 0;
        api.vkEnumerateInstanceLayerProperties(&count, nullptr);
        std::vector<VkLayerProperties> available(count);
        api.vkEnumerateInstanceLayerProperties(&count, available.data());
        const bool found = std::any_of(available.begin(), available.end(), [](const VkLayerProperties& layer) {
            return std::strcmp(layer.layerName, "VK_LAYER_KHRONOS_validation") == 0;
        });
        OPENVINO_ASSERT(found, "VULKAN: DEVMUX_VULKAN_VALIDATION=1 but VK_LAYER_KHRONOS_validation is not installed "
                               "(install vulkan-validationlayers)");
        layers.push_back("VK_LAYER_KHRONOS_validation");
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    }
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "devmux";
    app.pEngineName = "devmux";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    info.enabledLayerCount = static_cast<uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    const VkResult created = api.vkCreateInstance(&info, nullptr, &m_instance);
    if (created == VK_ERROR_INCOMPATIBLE_DRIVER)
        OPENVINO_THROW("VULKAN: the Vulkan loader found no driver supporting Vulkan 1.1 (vkCreateInstance failed with "
                       "VK_ERROR_INCOMPATIBLE_DRIVER); install one, or check VK_ICD_FILENAMES / VK_DRIVER_FILES");
    check(created, "vkCreateInstance", "VULKAN");
#define DEVMUX_VK_LOAD_INSTANCE(name) \
    api.name = reinterpret_cast<PFN_##name>(api.vkGetInstanceProcAddr(m_instance, #name));
    DEVMUX_VK_INSTANCE_FUNCTIONS(DEVMUX_VK_LOAD_INSTANCE)
    DEVMUX_VK_DEVICE_FUNCTIONS(DEVMUX_VK_LOAD_INSTANCE)
    DEVMUX_VK_LOAD_INSTANCE(vkCreateDebugUtilsMessengerEXT)
    DEVMUX_VK_LOAD_INSTANCE(vkDestroyDebugUtilsMessengerEXT)
#undef DEVMUX_VK_LOAD_INSTANCE
    if (m_validation) {
        VkDebugUtilsMessengerCreateInfoEXT messenger{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
        messenger.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT;
        messenger.pfnUserCallback = on_validation_message;
        check(api.vkCreateDebugUtilsMessengerEXT(m_instance, &messenger, nullptr, &m_messenger),
              "vkCreateDebugUtilsMessengerEXT", "VULKAN");
    }

    uint32_t count = 0;
    check(api.vkEnumeratePhysicalDevices(m_instance, &count, nullptr), "vkEnumeratePhysicalDevices", "VULKAN");
    std::vector<VkPhysicalDevice> handles(count);
    check(api.vkEnumeratePhysicalDevices(m_instance, &count, handles.data()), "vkEnumeratePhysicalDevices", "VULKAN");
    if (handles.empty())
        OPENVINO_THROW("VULKAN: the Vulkan loader found no physical device (no driver installed, or none works here)");
    for (VkPhysicalDevice handle : handles) {
        PhysicalInfo info;
        info.handle = handle;
        api.vkGetPhysicalDeviceProperties(handle, &info.properties);
        if (info.properties.apiVersion < VK_API_VERSION_1_1)
            continue;
        info.type = info.properties.deviceType;
        info.name = info.properties.deviceName;
        uint32_t ext_count = 0;
        api.vkEnumerateDeviceExtensionProperties(handle, nullptr, &ext_count, nullptr);
        std::vector<VkExtensionProperties> device_extensions(ext_count);
        api.vkEnumerateDeviceExtensionProperties(handle, nullptr, &ext_count, device_extensions.data());
        info.pci_bus_info = has_extension(device_extensions, VK_EXT_PCI_BUS_INFO_EXTENSION_NAME);
        const bool has_driver_properties = has_extension(device_extensions, VK_KHR_DRIVER_PROPERTIES_EXTENSION_NAME);

        VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
        VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
        VkPhysicalDevicePCIBusInfoPropertiesEXT pci{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PCI_BUS_INFO_PROPERTIES_EXT};
        VkPhysicalDeviceProperties2 properties2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        properties2.pNext = &id;
        void** tail = &id.pNext;
        if (has_driver_properties) {
            *tail = &driver;
            tail = &driver.pNext;
        }
        if (info.pci_bus_info)
            *tail = &pci;
        api.vkGetPhysicalDeviceProperties2(handle, &properties2);

        VkPhysicalDevice16BitStorageFeatures storage16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
        VkPhysicalDeviceShaderFloat16Int8Features float16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
        VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
        features2.pNext = &storage16;
        // Both extensions are enabled by name (the instance asks for Vulkan 1.1, where they are extensions).
        const bool has_float16 = has_extension(device_extensions, VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME) &&
                                 has_extension(device_extensions, VK_KHR_16BIT_STORAGE_EXTENSION_NAME);
        if (has_float16)
            storage16.pNext = &float16;
        api.vkGetPhysicalDeviceFeatures2(handle, &features2);
        info.fp16 = storage16.storageBuffer16BitAccess && has_float16 && float16.shaderFloat16;

        DeviceFacts facts;
        std::array<uint8_t, 16> uuid{};
        std::memcpy(uuid.data(), id.deviceUUID, 16);
        facts.driver_uuid = uuid;
        if (has_driver_properties) {
            info.driver_name = driver.driverName;
            info.driver_info = driver.driverInfo;
            facts.driver_strings = {info.driver_name, info.driver_info};
        }
        if (info.pci_bus_info)
            facts.pci = PciAddress{pci.pciDomain, pci.pciBus, pci.pciDevice, pci.pciFunction};
        facts.is_cpu = info.type == VK_PHYSICAL_DEVICE_TYPE_CPU;
        facts.vendor = std::to_string(info.properties.vendorID);
        facts.name = info.name;
        info.uuid = physical_device_uuid(facts);

        uint32_t families = 0;
        api.vkGetPhysicalDeviceQueueFamilyProperties(handle, &families, nullptr);
        std::vector<VkQueueFamilyProperties> family_properties(families);
        api.vkGetPhysicalDeviceQueueFamilyProperties(handle, &families, family_properties.data());
        for (uint32_t f = 0; f < families; ++f)
            if (family_properties[f].queueFlags & VK_QUEUE_COMPUTE_BIT) {
                info.compute_family = f;
                info.timestamps = family_properties[f].timestampValidBits > 0 &&
                                  info.properties.limits.timestampPeriod > 0.0f;
                info.usable = true;
                break;
            }
        if (info.usable)
            m_physical.push_back(info);
    }
    // A stable order, whatever the loader's enumeration order: by PCI address or UUID, then by name.
    std::stable_sort(m_physical.begin(), m_physical.end(), [](const PhysicalInfo& a, const PhysicalInfo& b) {
        return std::tie(a.properties.vendorID, a.properties.deviceID, a.uuid, a.name) <
               std::tie(b.properties.vendorID, b.properties.deviceID, b.uuid, b.name);
    });
}

std::vector<const PhysicalInfo*> Instance::admitted(const std::vector<std::string>& types) const {
    std::vector<const PhysicalInfo*> result;
    for (const auto& physical : m_physical)
        if (std::find(types.begin(), types.end(), type_name(physical.type)) != types.end())
            result.push_back(&physical);
    return result;
}

std::shared_ptr<Device> Instance::device(const PhysicalInfo& physical, const std::string& device_name) {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& device = m_devices[physical.handle];
    if (!device)
        device = std::make_shared<Device>(physical, device_name);
    return device;
}

// ---- Device ----

Device::Device(const PhysicalInfo& physical, std::string name)
    : m_physical(physical), m_name(std::move(name)), m_completions(std::make_shared<CompletionQueue>(m_name)) {
    if (physical.type != VK_PHYSICAL_DEVICE_TYPE_CPU)
        m_texel_tile = {1, 1};
    const char* spin = std::getenv("DEVMUX_VULKAN_SPIN");
    if (physical.type == VK_PHYSICAL_DEVICE_TYPE_CPU && !(spin && std::string(spin) == "0")) {
        // As many as the cores lavapipe runs on (LP_NUM_THREADS, else every core).
        unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        if (const char* threads = std::getenv("LP_NUM_THREADS"); threads && std::atoi(threads) > 0)
            cores = std::min(cores, static_cast<unsigned>(std::atoi(threads)));
        m_awake = std::make_unique<CoresAwake>(cores);
    }
    const Api& api = vk();
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = physical.compute_family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    // f16 storage and arithmetic, for the f16 inference precision, where the device has them.
    VkPhysicalDevice16BitStorageFeatures storage16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
    VkPhysicalDeviceShaderFloat16Int8Features float16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
    std::vector<const char*> extensions;
    if (physical.fp16) {
        storage16.storageBuffer16BitAccess = VK_TRUE;
        float16.shaderFloat16 = VK_TRUE;
        storage16.pNext = &float16;
        info.pNext = &storage16;
        extensions = {VK_KHR_16BIT_STORAGE_EXTENSION_NAME, VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME};
        info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
        info.ppEnabledExtensionNames = extensions.data();
    }
    check(api.vkCreateDevice(physical.handle, &info, nullptr, &m_device), "vkCreateDevice", m_name);
    api.vkGetDeviceQueue(m_device, physical.compute_family, 0, &m_queue);

    VkPhysicalDeviceMemoryProperties memory{};
    api.vkGetPhysicalDeviceMemoryProperties(physical.handle, &memory);
    const VkMemoryPropertyFlags mapped = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    bool found = false;
    for (int pass = 0; pass < 2 && !found; ++pass) {
        const VkMemoryPropertyFlags wanted = pass == 0 ? mapped | VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT : mapped;
        for (uint32_t t = 0; t < memory.memoryTypeCount && !found; ++t)
            if ((memory.memoryTypes[t].propertyFlags & wanted) == wanted) {
                m_memory_type = t;
                m_device_local = pass == 0;
                found = true;
            }
    }
    OPENVINO_ASSERT(found, m_name, ": the device has no HOST_VISIBLE | HOST_COHERENT memory type");
    // Where staged weights go: a DEVICE_LOCAL type the host cannot see (a discrete GPU's own memory, not the
    // host-visible window into it, which is often 256 MiB and which the mapped buffers already use).
    m_local_memory_type = m_memory_type;
    for (uint32_t t = 0; t < memory.memoryTypeCount && !m_stages_weights; ++t) {
        const VkMemoryPropertyFlags flags = memory.memoryTypes[t].propertyFlags;
        if ((flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) && !(flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)) {
            m_local_memory_type = t;
            // Integrated GPUs list such a type too, but it is the same host memory: a copy gains nothing there.
            m_stages_weights = physical.type == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
        }
    }
    // Where the host reads results: the mapped type when it is host-cached (lavapipe, integrated GPUs), else a
    // HOST_CACHED type that the device copies into (see reads_back_through_copy).
    m_read_back_memory_type = m_memory_type;
    const VkMemoryPropertyFlags cached = mapped | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
    if ((memory.memoryTypes[m_memory_type].propertyFlags & cached) != cached)
        for (uint32_t t = 0; t < memory.memoryTypeCount && !m_read_back_copies; ++t)
            if ((memory.memoryTypes[t].propertyFlags & cached) == cached) {
                m_read_back_memory_type = t;
                m_read_back_copies = true;
            }
    m_offset_alignment = std::max<size_t>(4, physical.properties.limits.minStorageBufferOffsetAlignment);
    m_max_range = physical.properties.limits.maxStorageBufferRange;
    for (const bool half : {false, true}) {
        VkFormatProperties texel_support{};
        api.vkGetPhysicalDeviceFormatProperties(physical.handle, texel_format(half), &texel_support);
        size_t texels = 0;
        if (texel_support.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)
            texels = physical.properties.limits.maxTexelBufferElements;
        size_t alignment = std::max<size_t>(texel_bytes(half), physical.properties.limits.minTexelBufferOffsetAlignment);
        if (alignment % texel_bytes(half) != 0)
            alignment *= texel_bytes(half);
        (half ? m_max_texels_f16 : m_max_texels) = texels;
        (half ? m_texel_offset_alignment_f16 : m_texel_offset_alignment) = alignment;
    }

    std::array<VkDescriptorSetLayoutBinding, binding_count + texel_binding_count> bindings{};
    for (uint32_t b = 0; b < bindings.size(); ++b) {
        bindings[b].binding = b;
        bindings[b].descriptorType =
            b < first_texel_binding ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
        bindings[b].descriptorCount = 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set_info.bindingCount = static_cast<uint32_t>(bindings.size());
    set_info.pBindings = bindings.data();
    check(api.vkCreateDescriptorSetLayout(m_device, &set_info, nullptr, &m_set_layout), "vkCreateDescriptorSetLayout",
          m_name);
    VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(PushConstants)};
    VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &m_set_layout;
    layout_info.pushConstantRangeCount = 1;
    layout_info.pPushConstantRanges = &range;
    check(api.vkCreatePipelineLayout(m_device, &layout_info, nullptr, &m_pipeline_layout), "vkCreatePipelineLayout",
          m_name);
    VkPipelineCacheCreateInfo cache_info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    check(api.vkCreatePipelineCache(m_device, &cache_info, nullptr, &m_cache), "vkCreatePipelineCache", m_name);
}

Device::~Device() {
    if (m_watcher.joinable()) {
        {
            std::lock_guard<std::mutex> lock(m_watch_mutex);
            m_stop = true;
        }
        m_watch_wake.notify_all();
        m_watcher.join();
    }
    const Api& api = vk();
    for (const auto& entry : m_pipelines)
        if (entry.second)
            api.vkDestroyPipeline(m_device, entry.second, nullptr);
    if (m_cache)
        api.vkDestroyPipelineCache(m_device, m_cache, nullptr);
    api.vkDestroyPipelineLayout(m_device, m_pipeline_layout, nullptr);
    api.vkDestroyDescriptorSetLayout(m_device, m_set_layout, nullptr);
    api.vkDestroyDevice(m_device, nullptr);
}

TexelTile Device::conv_texel_tile() const {
    if (const uint32_t pixels = m_forced_tile_pixels)
        return {pixels, m_forced_tile_quads.load()};
    // Read at each plan, not once per process, so that one process can compare tiles.
    if (const char* tile = std::getenv("DEVMUX_VULKAN_CONV_TILE"); tile && *tile)
        return parse_texel_tile(tile);
    return m_texel_tile;
}

uint32_t Device::local_size(Shader shader) const {
    const bool gpu = m_physical.type != VK_PHYSICAL_DEVICE_TYPE_CPU || m_force_gpu_local_sizes;
    if (!gpu && (shader == Shader::conv_block || shader == Shader::conv_texel))
        return 8;
    return 64;
}

VkPipeline Device::pipeline(Shader shader, uint32_t constant0, uint32_t constant1, bool half, TexelTile tile) {
    const uint32_t group = local_size(shader);
    if (shader != Shader::conv_texel)
        tile = {};  // the other shaders have no constants 3 and 4: one pipeline whatever the tile
    std::lock_guard<std::mutex> lock(m_pipeline_mutex);
    VkPipeline& pipeline =
        m_pipelines[std::make_tuple(shader, constant0, constant1, half, group, tile.pixels, tile.quads)];
    if (pipeline)
        return pipeline;
    const Api& api = vk();
    const auto code = shader_code(shader, half);
    VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = code.second * sizeof(uint32_t);
    module_info.pCode = code.first;
    VkShaderModule module = VK_NULL_HANDLE;
    const std::string where = m_name + " (shader " + shader_name(shader) + (half ? ", f16" : "") + ")";
    check(api.vkCreateShaderModule(m_device, &module_info, nullptr, &module), "vkCreateShaderModule", where);
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    // constant_id 0 and 1: the compiler drops the cases a pipeline never takes (llvmpipe runs both sides of
    // every branch, masked); 2: the work group's size; 3 and 4: conv_texel's tile (ignored by the others).
    const uint32_t constants[] = {constant0, constant1, group, tile.pixels, tile.quads};
    VkSpecializationMapEntry entries[5];
    for (uint32_t i = 0; i < 5; ++i)
        entries[i] = {i, i * static_cast<uint32_t>(sizeof(uint32_t)), sizeof(uint32_t)};
    VkSpecializationInfo specialization{shader == Shader::conv_texel ? 5u : 3u, entries, sizeof(constants), constants};
    info.stage.pSpecializationInfo = &specialization;
    info.layout = m_pipeline_layout;
    const VkResult result = api.vkCreateComputePipelines(m_device, m_cache, 1, &info, nullptr, &pipeline);
    api.vkDestroyShaderModule(m_device, module, nullptr);
    check(result, "vkCreateComputePipelines", where);
    return pipeline;
}

namespace {

// FNV-1a over bytes: a stable key for the cache file name (std::hash may differ between builds).
uint64_t fnv1a(const void* data, size_t bytes, uint64_t hash = 1469598103934665603ull) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < bytes; ++i)
        hash = (hash ^ p[i]) * 1099511628211ull;
    return hash;
}

}  // namespace

Device::CacheUse Device::load_cache(const std::string& dir) {
    // The key: the device, its driver build and every embedded shader. lavapipe's pipelineCacheUUID is a
    // constant ("val-%s"), so it alone would not tell driver builds apart.
    const auto& properties = m_physical.properties;
    uint64_t key = fnv1a(&properties.vendorID, sizeof(properties.vendorID));
    key = fnv1a(&properties.deviceID, sizeof(properties.deviceID), key);
    key = fnv1a(&properties.driverVersion, sizeof(properties.driverVersion), key);
    key = fnv1a(properties.deviceName, std::strlen(properties.deviceName), key);
    key = fnv1a(properties.pipelineCacheUUID, VK_UUID_SIZE, key);
    key = fnv1a(m_physical.driver_info.data(), m_physical.driver_info.size(), key);
    for (size_t s = 0; s < static_cast<size_t>(Shader::count); ++s)
        for (const bool half : {false, true}) {
            const auto code = shader_code(static_cast<Shader>(s), half);
            key = fnv1a(code.first, code.second * sizeof(uint32_t), key);
        }
    std::ostringstream name;
    name << "vulkan_pipelines_" << std::hex << std::setw(16) << std::setfill('0') << key << ".bin";
    CacheUse use;
    use.file = (std::filesystem::path(dir) / name.str()).string();

    std::lock_guard<std::mutex> lock(m_pipeline_mutex);
    const auto known = m_loaded_caches.find(use.file);
    if (known != m_loaded_caches.end()) {
        use.loaded_bytes = known->second;
        return use;
    }
    // The file carries a CRC-32C (kit::write_cache_file): one that fails it, is truncated or predates the
    // checksum is never given to the driver; this compile creates its pipelines afresh and save_cache
    // rewrites the file.
    std::vector<char> data;
    if (const auto entry = kit::read_cache_file(use.file))
        data.assign(entry->begin(), entry->end());
    // The header (VkPipelineCacheHeaderVersionOne) must be this device's; the driver checks it too.
    const size_t header = 16 + VK_UUID_SIZE;
    bool valid = data.size() >= header;
    if (valid) {
        uint32_t vendor = 0, device = 0;
        std::memcpy(&vendor, data.data() + 8, 4);
        std::memcpy(&device, data.data() + 12, 4);
        valid = vendor == properties.vendorID && device == properties.deviceID &&
                std::memcmp(data.data() + 16, properties.pipelineCacheUUID, VK_UUID_SIZE) == 0;
    }
    if (valid) {
        VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
        info.initialDataSize = data.size();
        info.pInitialData = data.data();
        VkPipelineCache loaded = VK_NULL_HANDLE;
        const std::string where = m_name + " (pipeline cache " + use.file + ")";
        check(vk().vkCreatePipelineCache(m_device, &info, nullptr, &loaded), "vkCreatePipelineCache", where);
        const VkResult merged = vk().vkMergePipelineCaches(m_device, m_cache, 1, &loaded);
        vk().vkDestroyPipelineCache(m_device, loaded, nullptr);
        check(merged, "vkMergePipelineCaches", where);
        use.loaded_bytes = data.size();
    }
    m_loaded_caches[use.file] = use.loaded_bytes;
    return use;
}

void Device::save_cache(const std::string& file) {
    std::vector<char> data;
    {
        std::lock_guard<std::mutex> lock(m_pipeline_mutex);
        size_t size = 0;
        check(vk().vkGetPipelineCacheData(m_device, m_cache, &size, nullptr), "vkGetPipelineCacheData", m_name);
        data.resize(size);
        check(vk().vkGetPipelineCacheData(m_device, m_cache, &size, data.data()), "vkGetPipelineCacheData", m_name);
        data.resize(size);
    }
    // With its checksum; another process may read the file meanwhile: it sees the old or the new file, never
    // half of one.
    kit::write_cache_file(file, std::string(data.begin(), data.end()), m_name + " (pipeline cache)");
}

void Device::submit(VkCommandBuffer commands, VkFence fence, const std::string& where) {
    VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    info.commandBufferCount = 1;
    info.pCommandBuffers = &commands;
    // The cores are kept awake from before the submission: its first dispatch would wait on a halted core.
    if (m_awake)
        m_awake->begin();
    try {
        std::lock_guard<std::mutex> lock(m_queue_mutex);
        check(vk().vkQueueSubmit(m_queue, 1, &info, fence), "vkQueueSubmit", where);
    } catch (...) {
        if (m_awake)
            m_awake->end();
        throw;
    }
}

void Device::wait(VkFence fence, const std::string& where) {
    struct Ended {
        CoresAwake* awake;
        ~Ended() {
            if (awake)
                awake->end();
        }
    } ended{m_awake.get()};
    check(vk().vkWaitForFences(m_device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences", where);
}

void Device::upload(const std::vector<Upload>& uploads, const std::string& where) {
    if (uploads.empty())
        return;
    const Api& api = vk();
    // Each region starts 16-byte aligned in the staging buffer (vkCmdCopyBuffer needs no more).
    std::vector<size_t> starts;
    size_t total = 0;
    for (const auto& upload : uploads) {
        starts.push_back(total);
        total += (upload.bytes + 15) / 16 * 16;
    }
    Buffer staging(shared_from_this(), total, where + " staging");
    for (size_t i = 0; i < uploads.size(); ++i)
        std::memcpy(static_cast<char*>(staging.mapped()) + starts[i], uploads[i].data, uploads[i].bytes);

    // The pool and the fence are released on every path out, errors included.
    struct Owned {
        VkDevice device;
        VkCommandPool pool = VK_NULL_HANDLE;
        VkFence fence = VK_NULL_HANDLE;
        ~Owned() {
            if (fence)
                vk().vkDestroyFence(device, fence, nullptr);
            if (pool)
                vk().vkDestroyCommandPool(device, pool, nullptr);
        }
    } owned{m_device};
    VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    pool_info.queueFamilyIndex = m_physical.compute_family;
    check(api.vkCreateCommandPool(m_device, &pool_info, nullptr, &owned.pool), "vkCreateCommandPool", where);
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = owned.pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    check(api.vkAllocateCommandBuffers(m_device, &allocate, &commands), "vkAllocateCommandBuffers", where);
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(api.vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer", where);
    for (size_t i = 0; i < uploads.size(); ++i) {
        OPENVINO_ASSERT(uploads[i].target->size() >= uploads[i].bytes, where, ": ", uploads[i].bytes,
                        " bytes for a buffer of ", uploads[i].target->size());
        const VkBufferCopy region{starts[i], 0, uploads[i].bytes};
        api.vkCmdCopyBuffer(commands, staging.handle(), uploads[i].target->handle(), 1, &region);
    }
    // Later submissions to this queue read the weights in shaders: the barrier orders those reads after the
    // copies, a fence wait alone would not make the copies' writes visible to them.
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    api.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                             &barrier, 0, nullptr, 0, nullptr);
    check(api.vkEndCommandBuffer(commands), "vkEndCommandBuffer", where);
    VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    check(api.vkCreateFence(m_device, &fence_info, nullptr, &owned.fence), "vkCreateFence", where);
    submit(commands, owned.fence, where);
    wait(owned.fence, where);
    for (const auto& upload : uploads)
        m_staged_bytes += upload.bytes;
}

void Device::when_signalled(VkFence fence, const std::function<void(std::exception_ptr)>& on_signal) {
    {
        std::lock_guard<std::mutex> lock(m_watch_mutex);
        if (!m_watcher.joinable())
            m_watcher = std::thread([this] { watch_fences(); });
        m_watched.emplace_back(fence, &on_signal);
    }
    m_watch_wake.notify_one();
}

void Device::watch_fences() {
    std::unique_lock<std::mutex> lock(m_watch_mutex);
    for (;;) {
        m_watch_wake.wait(lock, [this] { return m_stop || !m_watched.empty(); });
        if (m_watched.empty())
            return;
        const auto [fence, on_signal] = m_watched.front();
        m_watched.pop_front();
        lock.unlock();
        // One queue: submissions finish in order, so waiting for the oldest first loses nothing.
        std::exception_ptr error;
        try {
            wait(fence, m_name);
        } catch (...) {
            error = std::current_exception();
        }
        (*on_signal)(error);
        lock.lock();
    }
}

// ---- CoresAwake ----

CoresAwake::CoresAwake(unsigned spinners) {
    for (unsigned i = 0; i < spinners; ++i)
        m_threads.emplace_back([this] { spin(); });
}

CoresAwake::~CoresAwake() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (auto& thread : m_threads)
        thread.join();
}

void CoresAwake::begin() {
    if (m_in_flight.fetch_add(1) == 0) {
        std::lock_guard<std::mutex> lock(m_mutex);  // a spinner checking its wait condition sees the count
        m_wake.notify_all();
    }
}

void CoresAwake::end() {
    m_last_end.store(std::chrono::steady_clock::now().time_since_epoch().count());
    m_in_flight.fetch_sub(1);
}

void CoresAwake::spin() {
    // At any other priority a spinner would take the cores from the driver's own threads: none then.
    sched_param lowest{};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &lowest) != 0)
        return;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stop.load() || m_in_flight.load() > 0; });
            if (m_stop)
                return;
        }
        // On through a short grace after the last submission ends: back-to-back inferences leave gaps of host
        // work between submissions, and parking there would let the cores halt again.
        while (!m_stop.load(std::memory_order_relaxed)) {
            if (m_in_flight.load(std::memory_order_relaxed) == 0 &&
                std::chrono::steady_clock::now().time_since_epoch().count() - m_last_end.load() > grace.count())
                break;
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
    }
}

// ---- Buffer ----

Buffer::Buffer(std::shared_ptr<Device> device, size_t bytes, const std::string& what, Placement placement)
    : m_device(std::move(device)), m_size(std::max<size_t>(bytes, 16)) {
    const Api& api = vk();
    const std::string where = m_device->name() + " (" + what + ", " + std::to_string(m_size) + " bytes)";
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = m_size;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (m_device->max_texels())
        info.usage |= VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkDevice handle = m_device->handle();
    check(api.vkCreateBuffer(handle, &info, nullptr, &m_buffer), "vkCreateBuffer", where);
    VkMemoryRequirements requirements{};
    api.vkGetBufferMemoryRequirements(handle, m_buffer, &requirements);
    const bool mapped = placement != Placement::device_only;
    const uint32_t type = placement == Placement::mapped      ? m_device->memory_type()
                          : placement == Placement::read_back ? m_device->read_back_memory_type()
                                                              : m_device->local_memory_type();
    if (!(requirements.memoryTypeBits & (1u << type))) {
        api.vkDestroyBuffer(handle, m_buffer, nullptr);
        OPENVINO_THROW(where, ": buffers cannot live in the device's ",
                       placement == Placement::mapped      ? "host-visible"
                       : placement == Placement::read_back ? "host-cached"
                                                           : "device-local",
                       " memory type ", type);
    }
    VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = type;
    VkResult result = api.vkAllocateMemory(handle, &allocate, nullptr, &m_memory);
    if (result == VK_SUCCESS)
        result = api.vkBindBufferMemory(handle, m_buffer, m_memory, 0);
    if (result == VK_SUCCESS && mapped)
        result = api.vkMapMemory(handle, m_memory, 0, VK_WHOLE_SIZE, 0, &m_mapped);
    if (result != VK_SUCCESS) {
        api.vkDestroyBuffer(handle, m_buffer, nullptr);
        if (m_memory)
            api.vkFreeMemory(handle, m_memory, nullptr);
        check(result, "vkAllocateMemory/vkBindBufferMemory/vkMapMemory", where);
    }
}

Buffer::~Buffer() {
    const Api& api = vk();
    api.vkDestroyBuffer(m_device->handle(), m_buffer, nullptr);
    api.vkFreeMemory(m_device->handle(), m_memory, nullptr);  // unmaps too
}

// ---- TexelView ----

TexelView::TexelView(std::shared_ptr<Device> device, VkBuffer buffer, size_t bytes, const std::string& where,
                     size_t offset, bool half)
    : m_device(std::move(device)) {
    VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    info.buffer = buffer;
    info.format = texel_format(half);
    info.offset = offset;
    info.range = bytes;
    check(vk().vkCreateBufferView(m_device->handle(), &info, nullptr, &m_view), "vkCreateBufferView", where);
}

TexelView::~TexelView() { vk().vkDestroyBufferView(m_device->handle(), m_view, nullptr); }

// ---- shaders ----

const char* shader_name(Shader shader) {
    static const char* const names[] = {
#define DEVMUX_VULKAN_SHADER(name) #name,
#include "vulkan_shader_list.inc"
#undef DEVMUX_VULKAN_SHADER
    };
    static_assert(sizeof(names) / sizeof(names[0]) == static_cast<size_t>(Shader::count), "one name per shader");
    return names[static_cast<size_t>(shader)];
}

std::pair<const uint32_t*, size_t> shader_code(Shader shader, bool half) {
#define DEVMUX_VULKAN_SHADER(name)                                                                    \
    case Shader::name:                                                                                \
        return half ? std::make_pair(shaders::name##_comp_f16_spv, shaders::name##_comp_f16_spv_words) \
                    : std::make_pair(shaders::name##_comp_spv, shaders::name##_comp_spv_words);
    switch (shader) {
#include "vulkan_shader_list.inc"
    default:
        OPENVINO_THROW("VULKAN: unknown shader ", static_cast<int>(shader));
    }
#undef DEVMUX_VULKAN_SHADER
}

}  // namespace vulkan
}  // namespace devmux
