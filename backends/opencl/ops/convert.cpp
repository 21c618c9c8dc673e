// SPDX-License-Identifier: Apache-2.0
// Convert (between f32, f16 and bf16), copies of any type (the plan's boundary conversions, Reshape, Squeeze
// and Unsqueeze when they are not views): ops/convert.cl.
#include <algorithm>

#include "convert.h"
#include "cl_kernel.hpp"

namespace devmux {
namespace opencl {
namespace {

using ov::element::Type;

static_assert(sizeof(ConvertParams) == 3 * 4, "ConvertParams: 32-bit fields, laid out as in OpenCL C");

// Convert between f32, f16 and bf16, or a copy of any type (the plan's boundary conversions, Convert, Reshape
// when it is not a view).
class ConvertKernel final : public ClKernel {
public:
    ConvertKernel(const KernelArgs& base, Type from, Type to, size_t count)
        : ClKernel(base, from == to ? "copy" : "convert"),
          m_from(from),
          m_to(to),
          m_count(count) {}
    int in_place_input() const override { return m_from.size() == m_to.size() ? 0 : -1; }

private:
    void setup(Binding& b) const override {
        const size_t count = m_count ? m_count : b.out_desc(0).bytes / std::max<size_t>(1, m_to.size());
        if (m_from == m_to) {
            const size_t bytes = count * m_from.size();
            if (bytes % 4 == 0) {
                const int items = static_cast<int>(bytes / 4);
                b.launch("convert", items) << b.in(0, 4) << b.out(0, 4) << ConvertParams{items, 3, 3};
            } else {
                const int items = static_cast<int>(bytes);
                b.launch("copy_bytes", items) << b.in(0, 1) << b.out(0, 1) << ConvertParams{items, 0, 0};
            }
            return;
        }
        const int items = static_cast<int>(count);
        b.launch("convert", items) << b.in(0, m_from.size()) << b.out(0, m_to.size())
                                   << ConvertParams{items, convert_code(m_from), convert_code(m_to)};
    }
    Type m_from, m_to;
    size_t m_count;
};

}  // namespace

int convert_code(const Type& type) {
    if (type == ov::element::f32)
        return 0;
    if (type == ov::element::f16)
        return 1;
    if (type == ov::element::bf16)
        return 7;
    return -1;
}

std::shared_ptr<const kit::OpKernel> make_convert_kernel(const KernelArgs& base, const ov::element::Type& from,
                                                         const ov::element::Type& to, size_t count) {
    return std::make_shared<ConvertKernel>(base, from, to, count);
}

namespace {

std::shared_ptr<const kit::OpKernel> convert_node(const KernelArgs& base, const std::shared_ptr<ov::Node>& node) {
    return make_convert_kernel(base, node->get_input_element_type(0), node->get_output_element_type(0),
                               ov::shape_size(node->get_output_shape(0)));
}

}  // namespace

OpenclKernelEntry views_entry() {
    return {{"Reshape", "Squeeze", "Unsqueeze"}, "", {}, [](const ov::Node& n) {
                return n.get_output_element_type(0).bitwidth() < 8 ? std::string("has sub-byte elements")
                                                                    : std::string();
            },
            convert_node};
}

OpenclKernelEntry convert_entry() {
    return {{"Convert"}, "", {}, [](const ov::Node& n) {
                const auto from = n.get_input_element_type(0), to = n.get_output_element_type(0);
                return (from == to && from.bitwidth() >= 8) || (convert_code(from) >= 0 && convert_code(to) >= 0)
                           ? std::string()
                           : "converts " + from.get_type_name() + " to " + to.get_type_name() +
                                 "; OPENCL converts between f32, f16 and bf16 only";
            },
            convert_node};
}

}  // namespace opencl
}  // namespace devmux
