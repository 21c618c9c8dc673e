// SPDX-License-Identifier: Apache-2.0
// Gather-1, 7 and 8 (gather.cl): a constant axis, batch_dims, i32 or i64 indices read on the device (so the
// model may compute them), Gather-8's negative indices. An index outside the axis gives zeros, as Gather-8
// specifies; Gather-1 and 7 leave such an index undefined (the reference raises an error).
#include <limits>

#include "cl_kernel.hpp"
#include "gather.h"
#include "openvino/op/constant.hpp"
#include "openvino/op/gather.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(GatherParams) == 6 * 4, "GatherParams: 32-bit fields, laid out as in OpenCL C");

const char* gather_kernel(size_t data_bytes, const ov::element::Type& indices) {
    const bool wide = indices == ov::element::i64;
    switch (data_bytes) {
    case 1: return wide ? "gather_8_i64" : "gather_8_i32";
    case 2: return wide ? "gather_16_i64" : "gather_16_i32";
    case 4: return wide ? "gather_32_i64" : "gather_32_i32";
    case 8: return wide ? "gather_64_i64" : "gather_64_i32";
    default: return nullptr;
    }
}

// The view of data, indices and output the kernel takes, from the static shapes, the axis and batch_dims.
struct GatherView {
    GatherParams params{};
    std::string refusal;
};

size_t product(const ov::Shape& shape, size_t from, size_t to) {
    size_t p = 1;
    for (size_t d = from; d < to; ++d)
        p *= shape[d];
    return p;
}

GatherView gather_view(const ov::Node& node) {
    GatherView view;
    if (!is_constant(node, 2)) {
        view.refusal = "needs a constant axis";
        return view;
    }
    const auto& data = node.get_input_shape(0);
    const auto& indices = node.get_input_shape(1);
    int64_t axis = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(2))->cast_vector<int64_t>().at(0);
    if (axis < 0)
        axis += static_cast<int64_t>(data.size());
    int64_t batch_dims = ov::as_type<const ov::op::util::GatherBase>(&node)->get_batch_dims();
    if (batch_dims < 0)
        batch_dims += static_cast<int64_t>(indices.size());
    if (axis < 0 || axis >= static_cast<int64_t>(data.size()) || batch_dims < 0 || batch_dims > axis ||
        batch_dims > static_cast<int64_t>(indices.size())) {
        view.refusal = "has axis " + std::to_string(axis) + " and batch_dims " + std::to_string(batch_dims) +
                       " out of range for its shapes";
        return view;
    }
    const auto a = static_cast<size_t>(axis), bd = static_cast<size_t>(batch_dims);
    auto& p = view.params;
    p.count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
    p.inner = static_cast<int>(product(data, a + 1, data.size()));
    p.per_batch = static_cast<int>(product(indices, bd, indices.size()));
    p.outer = static_cast<int>(product(data, bd, a));
    p.axis_extent = static_cast<int>(data[a]);
    p.negative_indices = ov::is_type<ov::op::v8::Gather>(&node) ? 1 : 0;
    return view;
}

std::string check_gather(const ov::Node& node) {
    const auto type = node.get_output_element_type(0);
    const auto indices = node.get_input_element_type(1);
    if (indices != ov::element::i32 && indices != ov::element::i64)
        return "has " + indices.get_type_name() + " indices; the gather kernel reads i32 and i64";
    if (!gather_kernel(type.size(), indices) || type.bitwidth() < 8)
        return "has element type " + type.get_type_name() + "; the gather kernel moves elements of 1, 2, 4 or 8 bytes";
    for (size_t i : {0, 1})
        if (ov::shape_size(node.get_input_shape(i)) > static_cast<size_t>(std::numeric_limits<int>::max()))
            return std::string("has more input elements than the kernel indexes");
    return gather_view(node).refusal;
}

class GatherKernel final : public ClKernel {
public:
    GatherKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "gather"),
          m_kernel(gather_kernel(node.get_output_element_type(0).size(), node.get_input_element_type(1))),
          m_element_size(node.get_output_element_type(0).size()),
          m_index_size(node.get_input_element_type(1).size()),
          m_params(gather_view(node).params) {
        for (size_t i : {0, 1})
            if (is_constant(node, i))
                constant(node, i);
    }

private:
    void setup(Binding& b) const override {
        if (m_params.count == 0)
            return;
        b.launch(m_kernel, static_cast<size_t>(m_params.count))
            << b.in(0, m_element_size) << b.in(1, m_index_size) << b.out(0, m_element_size) << m_params;
    }
    const char* m_kernel;
    size_t m_element_size, m_index_size;
    GatherParams m_params;
};

}  // namespace

OpenclKernelEntry gather_entry() {
    return {{"Gather"}, "", {}, all_of(fits_int, check_gather), make_kernel<GatherKernel>()};
}

}  // namespace opencl
}  // namespace devmux
