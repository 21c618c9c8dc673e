// SPDX-License-Identifier: Apache-2.0
// import_model of one plugin that exports (DEVMUX_FUZZ_DEVICE: CPU, OPENCL, VULKAN, HETERO or the GPU alias),
// through a Core of the software deployment (plugins-software-gpu.xml), which admits PoCL's and lavapipe's
// CPU devices, so every device here has a device on a machine without a GPU. Input: the blob's bytes.
//
// Each input is imported twice: as it is (almost every mutation then meets the export's size and CRC-32C
// check, which must refuse it cleanly), and "resealed": with the payload line rewritten to the size and
// checksum of the bytes that follow, as an exporter would have written them, so the fuzzer also reaches
// the plugin's own payload reader behind the checksum. A blob that imports is run once when its model is
// small (every input and output at most kMaxInferElements elements), so the work per input stays bounded.
// Leaks are checked, after each input and at exit: the Core (and the plugins it holds) is static, so what it
// keeps stays reachable, and anything an import or a run drops is reported.

#include <exception>
#include <optional>
#include <sstream>
#include <string>

#include "devmux/kit/export_format.hpp"
#include "fuzz_support.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"

namespace {
constexpr size_t kMaxInferElements = 1 << 16;

bool small_enough_to_run(const ov::CompiledModel& compiled) {
    for (const auto& port : compiled.inputs()) {
        const auto& shape = port.get_partial_shape();
        if (shape.is_dynamic() || ov::shape_size(shape.to_shape()) > kMaxInferElements)
            return false;
    }
    for (const auto& port : compiled.outputs()) {
        const auto& shape = port.get_partial_shape();
        if (shape.is_dynamic() || ov::shape_size(shape.to_shape()) > kMaxInferElements)
            return false;
    }
    return true;
}

// The blob with its "payload=<bytes> crc32c=<hex>" line recomputed over what surrounds it (the header
// lines before it, the payload after it); nothing when the blob has no such line.
std::optional<std::string> resealed(const std::string& blob) {
    const std::string marker = "\npayload=";
    const size_t at = blob.find(marker);
    if (at == std::string::npos)
        return std::nullopt;
    const size_t line_end = blob.find('\n', at + 1);
    if (line_end == std::string::npos)
        return std::nullopt;
    const std::string head = blob.substr(0, at + 1);
    const std::string payload = blob.substr(line_end + 1);
    const uint32_t crc = devmux::kit::crc32c(payload.data(), payload.size(), devmux::kit::crc32c(head.data(), head.size()));
    char hex[9];
    std::snprintf(hex, sizeof(hex), "%08x", crc);
    return head + "payload=" + std::to_string(payload.size()) + " crc32c=" + hex + "\n" + payload;
}

void import_and_run(ov::Core& core, const std::string& bytes) {
    try {
        std::istringstream blob(bytes);
        auto compiled = core.import_model(blob, DEVMUX_FUZZ_DEVICE);
        if (small_enough_to_run(compiled)) {
            auto request = compiled.create_infer_request();
            request.infer();
        }
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t plugins_held = devmux_fuzz::keep_plugins_loaded();
    (void)plugins_held;
    static ov::Core core(devmux_fuzz::lib_dir() + "/plugins-software-gpu.xml");
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    import_and_run(core, bytes);
    const auto sealed = resealed(bytes);
    if (sealed && *sealed != bytes)
        import_and_run(core, *sealed);
    return 0;
}
