// SPDX-License-Identifier: Apache-2.0
// The IR reader: an IR's xml text and its weights, read together through ov::Core::read_model(xml, Tensor),
// so the IR v10 conventions run too. Input: <xml> kPartSeparator <weights>. A refusal is an ov::Exception
// (or another std::exception); anything else is a finding.

#include <cstring>
#include <exception>

#include "fuzz_support.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t plugins_held = devmux_fuzz::keep_plugins_loaded();
    (void)plugins_held;
    static const ov::Core core(devmux_fuzz::lib_dir() + "/plugins.xml");
    const auto parts = devmux_fuzz::split_parts(data, size, 2);
    const std::string& xml = parts[0];
    const std::string& bin = parts[1];
    try {
        ov::Tensor weights(ov::element::u8, ov::Shape{bin.size()});
        if (!bin.empty())
            std::memcpy(weights.data(), bin.data(), bin.size());
        const auto model = core.read_model(xml, weights);
        // What an application does next with a model it read: walk it and ask its ports.
        for (const auto& node : model->get_ordered_ops())
            for (const auto& output : node->outputs())
                (void)output.get_partial_shape().to_string();
        (void)model->inputs();
        (void)model->outputs();
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
    return 0;
}
