// SPDX-License-Identifier: Apache-2.0
// Concat, Split and VariadicSplit as strided copies of 32-bit words: ops/slice_copy.cl.
#include "slice_copy.h"
#include "cl_kernel.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(SliceCopyParams) == 4 * 4, "SliceCopyParams: 32-bit fields, laid out as in OpenCL C");

// Concat (inputs copied into their slices) and Split / VariadicSplit (outputs copied out of theirs), on
// elements of whole 32-bit words.
class SliceCopyKernel final : public ClKernel {
public:
    SliceCopyKernel(const KernelArgs& base, const ov::Node& node, bool concat)
        : ClKernel(base, concat ? "concat" : "split"),
          m_concat(concat) {
        const ov::Shape whole = concat ? node.get_output_shape(0) : node.get_input_shape(0);
        int64_t axis = 0;
        if (auto c = ov::as_type<const ov::op::v0::Concat>(&node))
            axis = c->get_axis();
        else
            axis = ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(1))->cast_vector<int64_t>()[0];
        if (axis < 0)
            axis += static_cast<int64_t>(whole.size());
        const size_t words = node.get_output_element_type(0).size() / 4;
        size_t outer = 1, inner = words;
        for (size_t d = 0; d < static_cast<size_t>(axis); ++d)
            outer *= whole[d];
        for (size_t d = static_cast<size_t>(axis) + 1; d < whole.size(); ++d)
            inner *= whole[d];
        const size_t parts = concat ? node.get_input_size() : node.get_output_size();
        size_t position = 0;
        for (size_t p = 0; p < parts; ++p) {
            const ov::Shape part = concat ? node.get_input_shape(p) : node.get_output_shape(p);
            const int block = static_cast<int>(part[static_cast<size_t>(axis)] * inner);
            m_parts.push_back({block, static_cast<int>(outer) * block, static_cast<int>(position * inner)});
            position += part[static_cast<size_t>(axis)];
        }
        m_whole_stride = static_cast<int>(whole[static_cast<size_t>(axis)] * inner);
    }

private:
    void setup(Binding& b) const override {
        for (size_t p = 0; p < m_parts.size(); ++p) {
            const Part& part = m_parts[p];
            if (part.items == 0)
                continue;
            if (m_concat) {
                BufferArg out = b.out(0);
                out.offset += part.whole_offset;
                b.launch("strided_copy", part.items)
                    << b.in(p) << out << SliceCopyParams{part.items, part.block, part.block, m_whole_stride};
            } else {
                BufferArg in = b.in(0);
                in.offset += part.whole_offset;
                b.launch("strided_copy", part.items)
                    << in << b.out(p) << SliceCopyParams{part.items, part.block, m_whole_stride, part.block};
            }
        }
    }
    struct Part {
        int block, items, whole_offset;
    };
    bool m_concat;
    std::vector<Part> m_parts;
    int m_whole_stride = 0;
};

}  // namespace

OpenclKernelEntry concat_entry() {
    return {{"Concat"}, "", {}, all_of(words, fits_int),
            [](const KernelArgs& base, const std::shared_ptr<ov::Node>& node) {
                return std::make_shared<SliceCopyKernel>(base, *node, true);
            }};
}

OpenclKernelEntry split_entry() {
    return {{"Split", "VariadicSplit"},
            "",
            {},
            all_of(words, fits_int, [](const ov::Node& n) { return needs_constant(n, 1, "axis"); },
                   [](const ov::Node& n) {
                       return n.get_input_size() > 2 ? needs_constant(n, 2, "split lengths") : std::string();
                   }),
            [](const KernelArgs& base, const std::shared_ptr<ov::Node>& node) {
                return std::make_shared<SliceCopyKernel>(base, *node, false);
            }};
}

}  // namespace opencl
}  // namespace devmux
