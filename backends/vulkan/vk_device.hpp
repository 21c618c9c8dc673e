// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "devmux/plugin/completion_queue.hpp"
#include "openvino/runtime/properties.hpp"
#include "vk_api.hpp"

namespace devmux {
namespace vulkan {

/// What the plugin knows of one physical device without creating a logical device.
struct PhysicalInfo {
    VkPhysicalDevice handle = VK_NULL_HANDLE;
    VkPhysicalDeviceProperties properties{};
    VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    std::string name;
    std::string driver_name, driver_info;
    ov::device::UUID uuid{};
    bool fp16 = false;            // VK_KHR_16bit_storage storageBuffer16BitAccess + shaderFloat16
    bool pci_bus_info = false;    // VK_EXT_pci_bus_info
    bool timestamps = false;      // compute queue with timestamp bits
    uint32_t compute_family = 0;  // a queue family with compute
    bool usable = false;          // has a compute queue family
};

/// "discrete", "integrated", "virtual", "cpu" or "other".
const char* type_name(VkPhysicalDeviceType type);

class Device;

/// The process's one VkInstance and its physical devices in a stable order. Created on first use; when
/// the loader, the instance or every driver is missing, `error()` says which and no device is listed.
class Instance {
public:
    static Instance& get();

    const std::string& error() const { return m_error; }
    const std::vector<PhysicalInfo>& physical_devices() const { return m_physical; }
    /// The physical devices whose type is in `types` ("discrete,integrated,virtual,cpu,other"), in order.
    std::vector<const PhysicalInfo*> admitted(const std::vector<std::string>& types) const;
    /// The logical device of a physical one, created on first use and kept for the process.
    std::shared_ptr<Device> device(const PhysicalInfo& physical, const std::string& device_name);
    /// Whether the Khronos validation layer is on (DEVMUX_VULKAN_VALIDATION=1; any message aborts).
    bool validation_enabled() const { return m_validation; }

    ~Instance();

private:
    Instance();
    void load();

    std::string m_error;
    void* m_library = nullptr;
    VkInstance m_instance = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT m_messenger = VK_NULL_HANDLE;
    bool m_validation = false;
    std::vector<PhysicalInfo> m_physical;
    // Guards m_devices: compiles on several threads may ask for the same device at once.
    std::mutex m_mutex;
    std::map<VkPhysicalDevice, std::shared_ptr<Device>> m_devices;
};

/// Where a Buffer's memory lives: `mapped` in a HOST_VISIBLE | HOST_COHERENT type (DEVICE_LOCAL too where the
/// device has one), persistently mapped; `device_only` in the device's DEVICE_LOCAL type, not mapped, filled
/// by Device::upload; `read_back` in a HOST_CACHED mapped type, which the device copies results into for the
/// host to read (Device::reads_back_through_copy).
enum class Placement { mapped, device_only, read_back };

/// Memory the plugin allocates: one VkBuffer with its own VkDeviceMemory.
class Buffer {
public:
    Buffer(std::shared_ptr<Device> device, size_t bytes, const std::string& what,
           Placement placement = Placement::mapped);
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    VkBuffer handle() const { return m_buffer; }
    /// The host address of the buffer; null for a device_only buffer.
    void* mapped() const { return m_mapped; }
    size_t size() const { return m_size; }

private:
    std::shared_ptr<Device> m_device;
    VkBuffer m_buffer = VK_NULL_HANDLE;
    VkDeviceMemory m_memory = VK_NULL_HANDLE;
    void* m_mapped = nullptr;
    size_t m_size = 0;
};

/// A uniform texel buffer view (`texel_format(half)`) of `bytes` of a buffer from `offset` (a multiple of the
/// device's texel_offset_alignment(half)).
class TexelView {
public:
    TexelView(std::shared_ptr<Device> device, VkBuffer buffer, size_t bytes, const std::string& where,
              size_t offset = 0, bool half = false);
    ~TexelView();
    TexelView(const TexelView&) = delete;
    TexelView& operator=(const TexelView&) = delete;
    VkBufferView handle() const { return m_view; }

private:
    std::shared_ptr<Device> m_device;
    VkBufferView m_view = VK_NULL_HANDLE;
};

/// The shaders the plugin embeds: one per ops/*.comp and shaders/*.comp file, named after it (the list is
/// generated from the files, backends/vulkan/CMakeLists.txt).
enum class Shader {
#define DEVMUX_VULKAN_SHADER(name) name,
#include "vulkan_shader_list.inc"
#undef DEVMUX_VULKAN_SHADER
    count
};
const char* shader_name(Shader shader);
/// The embedded SPIR-V of a shader, for pipelines and for the spirv-val test; `half`: its variant storing
/// every value in f16 (common.glsl's DEVMUX_F16).
std::pair<const uint32_t*, size_t> shader_code(Shader shader, bool half = false);

/// Bindings of every shader: inputs at 0..4, the output at 5. Push constants: per binding the element
/// offset of its first value inside the bound range (descriptor offsets are aligned down), then `param_count`
/// words holding the shader's params struct (ops/<shader>_params.h, shared with its GLSL; ops/params.h).
constexpr uint32_t binding_count = 6;
constexpr uint32_t output_binding = 5;
constexpr uint32_t param_count = 32 - binding_count;
/// Bindings 6 and 7 are uniform texel buffers of vec4s (VK_FORMAT_R32G32B32A32_SFLOAT; R16G16B16A16_SFLOAT
/// for f16 values), read by conv_texel and pool_c4.
constexpr uint32_t first_texel_binding = 6;
constexpr uint32_t texel_binding_count = 2;
inline VkFormat texel_format(bool half) {
    return half ? VK_FORMAT_R16G16B16A16_SFLOAT : VK_FORMAT_R32G32B32A32_SFLOAT;
}
/// Bytes of one value and of one texel of four.
inline size_t value_bytes(bool half) { return half ? 2 : 4; }
inline size_t texel_bytes(bool half) { return 4 * value_bytes(half); }
struct PushConstants {
    uint32_t offsets[binding_count] = {};
    uint32_t params[param_count] = {};
};

/// Keeps the host's cores awake while a CPU-type device (lavapipe) runs a submission. Its worker threads sleep
/// and wake at every dispatch; where an idle core halts (a VM's vCPU), each wake waited on it, and SqueezeNet
/// took 45-57 ms in some processes against 31 in others on CI's 2-core VM (docs/measurements/vulkan.md). One SCHED_IDLE
/// thread per core spins while a submission is in flight: a core then never halts, and the spinners take no
/// time from any other thread, as SCHED_IDLE runs only where nothing else is runnable. They park between
/// inferences. The spin-before-sleep of OpenMP runtimes (OMP_WAIT_POLICY=active), for a driver we cannot change.
class CoresAwake {
public:
    explicit CoresAwake(unsigned spinners);
    ~CoresAwake();
    CoresAwake(const CoresAwake&) = delete;
    CoresAwake& operator=(const CoresAwake&) = delete;
    /// A submission went in / one finished.
    void begin();
    void end();
    unsigned spinners() const { return static_cast<unsigned>(m_threads.size()); }
    int in_flight() const { return m_in_flight.load(); }

private:
    void spin();
    static constexpr std::chrono::steady_clock::duration grace = std::chrono::milliseconds(20);
    std::atomic<int> m_in_flight{0};
    std::atomic<std::chrono::steady_clock::rep> m_last_end{0};  // when the last submission ended
    std::atomic<bool> m_stop{false};
    // m_mutex with m_wake parks the spinners while nothing is in flight (begin() takes it to wake them).
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<std::thread> m_threads;
};

/// Output pixels times quads of output channels (of a block of 16) that one conv_texel invocation computes.
struct TexelTile {
    uint32_t pixels = 16, quads = 4;
};

/// A logical device with one compute queue, shared by every compiled model of the process.
class Device : public std::enable_shared_from_this<Device> {
public:
    Device(const PhysicalInfo& physical, std::string name);
    ~Device();

    const std::string& name() const { return m_name; }
    const PhysicalInfo& physical() const { return m_physical; }
    VkDevice handle() const { return m_device; }
    uint32_t memory_type() const { return m_memory_type; }
    bool memory_is_device_local() const { return m_device_local; }
    /// The memory type of device_only buffers: DEVICE_LOCAL and not host-visible where the device has one,
    /// else the mapped type.
    uint32_t local_memory_type() const { return m_local_memory_type; }

    /// Whether constants go into device_only buffers through a staging copy: on discrete GPUs (which have
    /// memory of their own that the host cannot map), or when forced: tests force it to run that path on
    /// lavapipe, which shares host memory.
    bool weights_staged() const { return m_force_staging || m_stages_weights; }
    void force_weights_staging(bool force) { m_force_staging = force; }
    /// Whether the values the host reads after an inference are first copied by the device into HOST_CACHED
    /// memory (Placement::read_back): where the mapped type is not host-cached. A discrete GPU's mapped type is a
    /// write-combined window over the bus, where host reads are uncached: NVIDIA's took 120-140 ms to read the
    /// 7-8 MB outputs of road-segmentation, text-image-super-resolution and yolov5n (their device time was
    /// ~3 ms). Tests force the path on lavapipe, whose one memory type is already cached.
    bool reads_back_through_copy() const { return m_force_read_back_copy || m_read_back_copies; }
    void force_read_back_copy(bool force) { m_force_read_back_copy = force; }
    uint32_t read_back_memory_type() const { return m_read_back_memory_type; }
    /// Bytes the device has copied into read-back buffers so far (a test's probe of that path).
    size_t read_back_bytes() const { return m_read_back_bytes; }
    void count_read_back(size_t bytes) { m_read_back_bytes += bytes; }
    /// Invocations per work group of `shader` on this device (its specialization constant 2). CPU-type devices
    /// keep the shader's own size (8 for the tiled convolutions: one llvmpipe SIMD batch, measured fastest on
    /// lavapipe; 64 for the rest). GPUs run every shader in groups of 64, as the host sizes the grid for 64
    /// items per group: one item per invocation, where groups of 8 would leave 24 of a 32-wide warp idle
    /// and give each invocation 8 items in turn (the H100 figures in docs/measurements/vulkan.md ran with 64; other sizes
    /// were not compared there).
    uint32_t local_size(Shader shader) const;
    /// Tests: the GPUs' sizes on any device (lavapipe), to run that path where no GPU is.
    void force_gpu_local_sizes(bool force) { m_force_gpu_local_sizes = force; }
    /// What one conv_texel invocation computes: `pixels` output pixels times `quads` quads of output channels
    /// (of its block of 16). CPU-type devices take 16 x 4, which amortises llvmpipe's costly texel fetches over
    /// 1024 multiply-adds; GPUs take 1 x 1, as one invocation per 16-channel block and 16-pixel tile left an
    /// H100 with 44 invocations for SqueezeNet's last squeeze layer (docs/measurements/vulkan.md). The environment variable
    /// DEVMUX_VULKAN_CONV_TILE=PIXELSxQUADS (pixels 1, 2, 4, 8 or 16; quads 1, 2 or 4) overrides it, for tuning.
    TexelTile conv_texel_tile() const;
    /// Tests: another tile on any device (pixels 0: the device's own).
    void force_conv_texel_tile(TexelTile tile) { m_forced_tile_pixels = tile.pixels, m_forced_tile_quads = tile.quads; }
    /// The spinners of a CPU-type device (null on GPUs, or with DEVMUX_VULKAN_SPIN=0): submit() begins and
    /// wait() ends each submission.
    CoresAwake* cores_awake() const { return m_awake.get(); }
    /// Bytes Device::upload has copied through staging buffers since the device was created.
    size_t staged_bytes() const { return m_staged_bytes; }

    /// One host-to-device copy of Device::upload.
    struct Upload {
        const Buffer* target;  // a device_only buffer of at least `bytes`
        const void* data;
        size_t bytes;
    };
    /// Copies host bytes into device_only buffers: one staging buffer, one command buffer of copies and a
    /// barrier that makes them visible to later shaders, one submission waited for. Throws naming `where`.
    void upload(const std::vector<Upload>& uploads, const std::string& where);
    size_t offset_alignment() const { return m_offset_alignment; }
    size_t max_range() const { return m_max_range; }
    /// Texels of `texel_format(half)` a uniform texel buffer view may hold; 0 when the format cannot be one.
    size_t max_texels(bool half = false) const { return half ? m_max_texels_f16 : m_max_texels; }
    /// What a texel view's offset must be a multiple of: minTexelBufferOffsetAlignment, and whole texels.
    size_t texel_offset_alignment(bool half = false) const {
        return half ? m_texel_offset_alignment_f16 : m_texel_offset_alignment;
    }
    VkDescriptorSetLayout set_layout() const { return m_set_layout; }
    VkPipelineLayout pipeline_layout() const { return m_pipeline_layout; }
    float timestamp_period() const { return m_physical.properties.limits.timestampPeriod; }

    /// The pipeline of a shader (its f16 variant with `half`) with specialization constants 0 and 1 (the
    /// parameters each shader takes as constants: the convolutions' epilogue, the element-wise, reduction and
    /// pooling ops; shaders without them ignore them), created on first use through the device's pipeline cache.
    VkPipeline pipeline(Shader shader, uint32_t constant0 = 0, uint32_t constant1 = 0, bool half = false,
                        TexelTile tile = {});

    /// What happened to a pipeline cache file kept under an ov::cache_dir.
    struct CacheUse {
        std::string file;       // <dir>/vulkan_pipelines_<key>.bin, the key naming device, driver and shaders
        size_t loaded_bytes = 0;  // read from the file and merged into the device's cache (0: none there)
    };
    /// Merges (once per file and process) the pipeline cache kept under `dir` into the device's cache, so
    /// pipelines created after it come from it. Throws naming the file when it cannot be read.
    CacheUse load_cache(const std::string& dir);
    /// Writes the device's pipeline cache to `file` (through a temporary file and a rename).
    void save_cache(const std::string& file);

    /// Submits one command buffer; vkQueueSubmit needs the queue externally synchronized. Every submission is
    /// waited for once, through wait().
    void submit(VkCommandBuffer commands, VkFence fence, const std::string& where);
    /// Waits for the fence of a submission (the cores are kept awake on CPU-type devices until then).
    void wait(VkFence fence, const std::string& where);

    /// Calls `on_signal` (kept by reference: it must outlive the call) on the device's fence thread once
    /// `fence` has signalled, with the wait's error or null. One thread per device waits for every
    /// request started asynchronously, instead of a thread parked per request.
    void when_signalled(VkFence fence, const std::function<void(std::exception_ptr)>& on_signal);
    /// The device's completion queue: runs the user callbacks of its asynchronous requests.
    const std::shared_ptr<CompletionQueue>& completions() const { return m_completions; }

private:
    PhysicalInfo m_physical;
    std::string m_name;
    VkDevice m_device = VK_NULL_HANDLE;
    VkQueue m_queue = VK_NULL_HANDLE;
    uint32_t m_memory_type = 0;
    bool m_device_local = false;
    uint32_t m_local_memory_type = 0;
    bool m_stages_weights = false;
    std::atomic<bool> m_force_staging{false};
    uint32_t m_read_back_memory_type = 0;
    bool m_read_back_copies = false;
    std::atomic<bool> m_force_read_back_copy{false};
    std::atomic<size_t> m_read_back_bytes{0};
    std::atomic<bool> m_force_gpu_local_sizes{false};
    TexelTile m_texel_tile;  // the device type's own
    std::atomic<uint32_t> m_forced_tile_pixels{0}, m_forced_tile_quads{0};
    std::atomic<size_t> m_staged_bytes{0};
    size_t m_offset_alignment = 4;
    size_t m_max_range = 0;
    size_t m_max_texels = 0, m_max_texels_f16 = 0;
    size_t m_texel_offset_alignment = 16, m_texel_offset_alignment_f16 = 8;
    VkDescriptorSetLayout m_set_layout = VK_NULL_HANDLE;
    VkPipelineLayout m_pipeline_layout = VK_NULL_HANDLE;
    std::mutex m_queue_mutex;  // guards m_queue (vkQueueSubmit from several requests)
    // Guards m_pipelines, m_cache and m_loaded_caches: compiles on several threads create pipelines and
    // merge or save the pipeline cache at once.
    std::mutex m_pipeline_mutex;
    // (shader, constants 0 and 1, half, local size, conv_texel's tile) -> pipeline
    std::map<std::tuple<Shader, uint32_t, uint32_t, bool, uint32_t, uint32_t, uint32_t>, VkPipeline> m_pipelines;
    VkPipelineCache m_cache = VK_NULL_HANDLE;
    std::map<std::string, size_t> m_loaded_caches;  // file -> bytes merged

    void watch_fences();
    std::shared_ptr<CompletionQueue> m_completions;
    // m_watch_mutex guards m_watched, m_stop and the start of m_watcher; m_watch_wake signals a new fence.
    std::mutex m_watch_mutex;
    std::condition_variable m_watch_wake;
    std::deque<std::pair<VkFence, const std::function<void(std::exception_ptr)>*>> m_watched;
    bool m_stop = false;
    std::thread m_watcher;
    std::unique_ptr<CoresAwake> m_awake;
};

}  // namespace vulkan
}  // namespace devmux
