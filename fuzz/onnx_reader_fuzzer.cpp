// SPDX-License-Identifier: Apache-2.0
// The ONNX reader: an ONNX ModelProto's bytes through ov::Core::read_model(bytes, Tensor{}), the path an
// application takes for a model held in memory. Bytes that do not start like a ModelProto (field 1, the
// byte 0x08) go to the IR reader instead, which ir_reader_fuzzer covers, so they are passed over here.

#include <exception>

#include "fuzz_support.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t plugins_held = devmux_fuzz::keep_plugins_loaded();
    (void)plugins_held;
    static const ov::Core core(devmux_fuzz::lib_dir() + "/plugins.xml");
    if (size == 0 || data[0] != 0x08)
        return 0;
    try {
        const auto model = core.read_model(std::string(reinterpret_cast<const char*>(data), size), ov::Tensor{});
        for (const auto& node : model->get_ordered_ops())
            for (const auto& output : node->outputs())
                (void)output.get_partial_shape().to_string();
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
    return 0;
}
