// SPDX-License-Identifier: Apache-2.0
// Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual on f32 or i32 operands (a boolean output, one byte per
// element) and Select-1 (a boolean condition choosing between operands of 32-bit elements), under numpy
// broadcasting (comparison.cl), and the Converts that read or make their booleans (boolean to f32 or i32, f32 to
// boolean). The boolean values travel through the arena and across the model's boundary as bytes.
#include <cstring>
#include <map>

#include "cl_kernel.hpp"
#include "comparison.h"
#include "index_layout.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/util/binary_elementwise_comparison.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(ComparisonParams) == 36 * 4, "ComparisonParams: 32-bit fields, laid out as in OpenCL C");

int comparison_code(const ov::Node& node) {
    static const std::map<std::string, int> codes = {{"Equal", 0}, {"NotEqual", 1}, {"Less", 2},
                                                     {"LessEqual", 3}, {"Greater", 4}, {"GreaterEqual", 5}};
    const auto it = codes.find(node.get_type_name());
    return it == codes.end() ? -1 : it->second;
}

ov::op::AutoBroadcastType broadcast_rule(const ov::Node& node) {
    if (auto select = ov::as_type<const ov::op::v1::Select>(&node))
        return select->get_auto_broadcast().m_type;
    if (auto comparison = dynamic_cast<const ov::op::util::BinaryElementwiseComparison*>(&node))
        return comparison->get_autob().m_type;
    return ov::op::AutoBroadcastType::NUMPY;
}

// The operands' strides under numpy broadcasting, merged (see index_layout.hpp).
IndexAxes broadcast_axes(const ov::Node& node) {
    const auto& out = node.get_output_shape(0);
    IndexAxes axes;
    axes.dims.assign(out.begin(), out.end());
    axes.extents = axes.dims;
    for (size_t i = 0; i < node.get_input_size(); ++i)
        axes.strides.push_back(numpy_strides(node.get_input_shape(i), out));
    return merge_axes(axes);
}

std::string check_broadcast(const ov::Node& node) {
    if (broadcast_rule(node) == ov::op::AutoBroadcastType::PDPD)
        return "broadcasts by the pdpd rule; the OPENCL kernel runs numpy broadcasting";
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_shape(i).size() > node.get_output_shape(0).size())
            return "has input " + std::to_string(i) + " of higher rank than its output";
    return fits_kernel_rank(broadcast_axes(node), 8);
}

std::string check_comparison(const ov::Node& node) {
    const auto type = node.get_input_element_type(0);
    if ((type != ov::element::f32 && type != ov::element::i32) || node.get_input_element_type(1) != type)
        return "compares " + type.get_type_name() + " with " + node.get_input_element_type(1).get_type_name() +
               "; the OPENCL comparisons compare f32 or i32 operands of one type";
    if (node.get_output_element_type(0) != ov::element::boolean)
        return "has a " + node.get_output_element_type(0).get_type_name() + " output; the kernel writes booleans";
    return check_broadcast(node);
}

std::string check_select(const ov::Node& node) {
    if (node.get_input_element_type(0) != ov::element::boolean)
        return "has a " + node.get_input_element_type(0).get_type_name() + " condition; the kernel reads booleans";
    const auto type = node.get_output_element_type(0);
    if (type.size() != 4 || node.get_input_element_type(1) != type || node.get_input_element_type(2) != type)
        return "selects elements of type " + type.get_type_name() + "; the OPENCL Select moves 32-bit elements";
    return check_broadcast(node);
}

ComparisonParams broadcast_params(const ov::Node& node, int op) {
    const IndexAxes axes = broadcast_axes(node);
    ComparisonParams p{};
    p.count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
    p.rank = static_cast<int>(axes.dims.size());
    p.op = op;
    for (size_t d = 0; d < axes.dims.size(); ++d) {
        p.out_dims[d] = static_cast<int>(axes.dims[d]);
        for (size_t k = 0; k < axes.strides.size(); ++k)
            p.strides[k][d] = static_cast<int>(axes.strides[k][d]);
    }
    return p;
}

class ComparisonKernel final : public ClKernel {
public:
    ComparisonKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "comparison"),
          m_kernel(node.get_input_element_type(0) == ov::element::i32 ? "comparison_i32" : "comparison_f32"),
          m_params(broadcast_params(node, comparison_code(node))) {
        for (size_t i = 0; i < 2; ++i)
            if (is_constant(node, i))
                constant(node, i);
    }

private:
    void setup(Binding& b) const override {
        if (m_params.count == 0)
            return;
        b.launch(m_kernel, static_cast<size_t>(m_params.count))
            << b.in(0) << b.in(1) << b.out(0, 1) << m_params;
    }
    const char* m_kernel;
    ComparisonParams m_params;
};

class SelectKernel final : public ClKernel {
public:
    SelectKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "select"), m_params(broadcast_params(node, 0)) {
        for (size_t i = 0; i < 3; ++i)
            if (is_constant(node, i))
                constant(node, i);
    }

private:
    void setup(Binding& b) const override {
        if (m_params.count == 0)
            return;
        b.launch("comparison_select_32", static_cast<size_t>(m_params.count))
            << b.in(0, 1) << b.in(1) << b.in(2) << b.out(0) << m_params;
    }
    ComparisonParams m_params;
};

std::string check_boolean_convert(const ov::Node& node) {
    const auto from = node.get_input_element_type(0), to = node.get_output_element_type(0);
    const bool from_boolean = from == ov::element::boolean && (to == ov::element::f32 || to == ov::element::i32);
    const bool to_boolean = from == ov::element::f32 && to == ov::element::boolean;
    return from_boolean || to_boolean ? std::string()
                                      : "converts " + from.get_type_name() + " to " + to.get_type_name() +
                                            "; OPENCL converts between f32 and f16, booleans to f32 or i32, and f32 to "
                                              "booleans";
}

class BooleanConvertKernel final : public ClKernel {
public:
    BooleanConvertKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "convert_boolean"),
          m_to_boolean(node.get_output_element_type(0) == ov::element::boolean),
          m_count(static_cast<int>(ov::shape_size(node.get_output_shape(0)))) {
        const float one_f32 = 1.0f;
        if (node.get_output_element_type(0) == ov::element::f32)
            std::memcpy(&m_one, &one_f32, sizeof(m_one));
        if (is_constant(node, 0))
            constant(node, 0);
    }

private:
    void setup(Binding& b) const override {
        if (m_count == 0)
            return;
        if (m_to_boolean)
            b.launch("comparison_f32_to_boolean", static_cast<size_t>(m_count)) << b.in(0) << b.out(0, 1) << m_count;
        else
            b.launch("comparison_boolean_to_32", static_cast<size_t>(m_count))
                << b.in(0, 1) << b.out(0) << m_count << m_one;
    }
    bool m_to_boolean;
    int m_count;
    cl_uint m_one = 1;
};

}  // namespace

OpenclKernelEntry comparison_entry() {
    return {{"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"},
            "",
            {},
            all_of(fits_int, check_comparison),
            make_kernel<ComparisonKernel>()};
}

OpenclKernelEntry select_entry() {
    return {{"Select"}, "", {}, all_of(fits_int, check_select), make_kernel<SelectKernel>()};
}

// After the general Convert entry, which refuses booleans.
OpenclKernelEntry boolean_convert_entry() {
    return {{"Convert"}, "", {}, all_of(fits_int, check_boolean_convert), make_kernel<BooleanConvertKernel>()};
}

}  // namespace opencl
}  // namespace devmux
