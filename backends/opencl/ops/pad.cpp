// SPDX-License-Identifier: Apache-2.0
// Pad-1 and Pad-12 in every mode (constant, edge, reflect, symmetric), with Pad-12's negative pads: each output
// element reads the input at its coordinate less pads_begin, mirrored or clamped back into the input, or the
// pad value (pad.cl). pads_begin and pads_end must be Constants; the pad value may be computed by the model.
#include <limits>

#include "cl_kernel.hpp"
#include "index_layout.hpp"
#include "pad.h"
#include "openvino/op/constant.hpp"
#include "openvino/op/pad.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(PadParams) == 36 * 4, "PadParams: 32-bit fields, laid out as in OpenCL C");

const char* pad_kernel(size_t bytes) {
    switch (bytes) {
    case 1: return "pad_8";
    case 2: return "pad_16";
    case 4: return "pad_32";
    case 8: return "pad_64";
    default: return nullptr;
    }
}

std::string check_pad(const ov::Node& node) {
    const auto type = node.get_output_element_type(0);
    if (!pad_kernel(type.size()) || type.bitwidth() < 8)
        return "has element type " + type.get_type_name() + "; the pad kernel moves elements of 1, 2, 4 or 8 bytes";
    if (node.get_input_shape(0).size() > 8)
        return "has rank " + std::to_string(node.get_input_shape(0).size()) + "; the pad kernel indexes at most " +
               std::to_string(8) + " axes";
    if (ov::shape_size(node.get_input_shape(0)) > static_cast<size_t>(std::numeric_limits<int>::max()))
        return std::string("has more input elements than the kernel indexes");
    for (size_t i : {1, 2})
        if (!is_constant(node, i))
            return i == 1 ? std::string("needs a constant pads_begin") : std::string("needs a constant pads_end");
    return {};
}

class PadKernel final : public ClKernel {
public:
    PadKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "pad"),
          m_kernel(pad_kernel(node.get_output_element_type(0).size())),
          m_element_size(node.get_output_element_type(0).size()) {
        const auto& in = node.get_input_shape(0);
        const auto& out = node.get_output_shape(0);
        const auto begin =
            ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>();
        const auto mode = ov::as_type<const ov::op::util::PadBase>(&node)->get_pad_mode();
        const auto in_strides = element_strides(in);
        m_params = {};
        m_params.count = static_cast<int>(ov::shape_size(out));
        m_params.rank = static_cast<int>(out.size());
        m_params.mode = static_cast<int>(mode);
        m_has_value = mode == ov::op::PadMode::CONSTANT && node.get_input_size() > 3;
        m_params.has_value = m_has_value ? 1 : 0;
        // The kernel's arrays hold the innermost axis first.
        for (size_t k = 0; k < out.size(); ++k) {
            const size_t d = out.size() - 1 - k;
            m_params.out_dims[k] = static_cast<int>(out[d]);
            m_params.in_dims[k] = static_cast<int>(in[d]);
            m_params.pads_begin[k] = static_cast<int>(begin[d]);
            m_params.in_strides[k] = static_cast<int>(in_strides[d]);
        }
        for (size_t i : {size_t{0}, size_t{3}})
            if (i < node.get_input_size() && is_constant(node, i) && (i == 0 || m_has_value))
                constant(node, i);
    }

private:
    void setup(Binding& b) const override {
        if (m_params.count == 0)
            return;
        const BufferArg data = b.in(0, m_element_size);
        // Without a pad value the kernel never reads `value`; the data stands in for it.
        const BufferArg value = m_has_value ? b.in(3, m_element_size) : data;
        b.launch(m_kernel, static_cast<size_t>(m_params.count))
            << data << value << b.out(0, m_element_size) << m_params;
    }
    const char* m_kernel;
    size_t m_element_size;
    bool m_has_value = false;
    PadParams m_params;
};

}  // namespace

OpenclKernelEntry pad_entry() {
    return {{"Pad"}, "", {}, all_of(fits_int, check_pad), make_kernel<PadKernel>()};
}

}  // namespace opencl
}  // namespace devmux
