// SPDX-License-Identifier: Apache-2.0
// CTCGreedyDecoder-1 (f32 data and sequence mask) and CTCGreedyDecoderSeqLen-6 (f32 data, i32 or i64 lengths, a
// constant or absent blank index, i32 or i64 outputs), one work-item per sequence (ctc_greedy.cl).
#include "cl_kernel.hpp"
#include "ctc_greedy.h"
#include "devmux/kit/known_value.hpp"
#include "openvino/op/ctc_greedy_decoder.hpp"
#include "openvino/op/ctc_greedy_decoder_seq_len.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(CtcGreedyParams) == 8 * 4, "CtcGreedyParams: 32-bit fields, laid out as in OpenCL C");

std::string static_shapes(const ov::Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (!node.get_input_partial_shape(i).is_static())
            return "has input " + std::to_string(i) + " of dynamic shape " + node.get_input_partial_shape(i).to_string();
    return {};
}

std::string check_masked(const ov::Node& node) {
    if (auto why = static_shapes(node); !why.empty())
        return why;
    for (size_t i = 0; i < 2; ++i)
        if (node.get_input_element_type(i) != ov::element::f32)
            return "has a " + node.get_input_element_type(i).get_type_name() +
                   (i ? " sequence mask" : " data") + "; the OPENCL kernel reads f32";
    if (node.get_output_element_type(0) != ov::element::f32)
        return "has a " + node.get_output_element_type(0).get_type_name() + " output; the OPENCL kernel writes f32";
    if (node.get_input_shape(0).size() != 3 || node.get_input_shape(0)[2] == 0)
        return "has data of shape " + node.get_input_shape(0).to_string() + "; expected [T, N, C] with C > 0";
    return {};
}

// The blank class of a CTCGreedyDecoderSeqLen node (the last class without a blank input), or -1 when unknown.
int64_t seq_len_blank(const ov::Node& node) {
    const auto classes = static_cast<int64_t>(node.get_input_shape(0)[2]);
    if (node.get_input_size() < 3)
        return classes - 1;
    auto value = kit::known_value(node.input_value(2));
    if (!value || ov::shape_size(value->get_shape()) != 1)
        return -1;
    const int64_t blank = value->cast_vector<int64_t>()[0];
    const int64_t resolved = blank < 0 ? blank + classes : blank;
    return resolved >= 0 && resolved < classes ? resolved : -1;
}

// 32-bit words per integer of type: 1 for i32, 2 for i64, 0 for what the kernel does not read or write.
int words_of(const ov::element::Type& type) {
    return type == ov::element::i32 ? 1 : type == ov::element::i64 ? 2 : 0;
}

std::string check_seq_len(const ov::Node& node) {
    if (auto why = static_shapes(node); !why.empty())
        return why;
    if (node.get_input_element_type(0) != ov::element::f32)
        return "has " + node.get_input_element_type(0).get_type_name() + " data; the OPENCL kernel reads f32";
    if (words_of(node.get_input_element_type(1)) == 0)
        return "has " + node.get_input_element_type(1).get_type_name() +
               " sequence lengths; the OPENCL kernel reads i32 or i64";
    if (node.get_input_shape(0).size() != 3 || node.get_input_shape(0)[2] == 0)
        return "has data of shape " + node.get_input_shape(0).to_string() + "; expected [N, T, C] with C > 0";
    if (seq_len_blank(node) < 0)
        return "needs a constant blank index within the classes";
    return {};
}

class CtcGreedyKernel final : public ClKernel {
public:
    CtcGreedyKernel(const KernelArgs& base, const ov::Node& node) : ClKernel(base, "ctc_greedy_f32") {
        const ov::Shape data = node.get_input_shape(0);
        m_with_lengths = ov::is_type<ov::op::v6::CTCGreedyDecoderSeqLen>(&node);
        m_params.batch = static_cast<int>(m_with_lengths ? data[0] : data[1]);
        m_params.steps = static_cast<int>(m_with_lengths ? data[1] : data[0]);
        m_params.classes = static_cast<int>(data[2]);
        if (m_with_lengths) {
            m_params.blank = static_cast<int>(seq_len_blank(node));
            auto op = ov::as_type<const ov::op::v6::CTCGreedyDecoderSeqLen>(&node);
            m_params.merge_repeated = op->get_merge_repeated();
            m_params.length_words = words_of(node.get_input_element_type(1));
            m_params.class_words = words_of(op->get_classes_index_type());
            m_params.count_words = words_of(op->get_sequence_length_type());
        } else {
            m_params.blank = m_params.classes - 1;
            m_params.merge_repeated = ov::as_type<const ov::op::v0::CTCGreedyDecoder>(&node)->get_ctc_merge_repeated();
        }
    }

private:
    void setup(Binding& b) const override {
        const auto items = static_cast<size_t>(m_params.batch);
        if (m_with_lengths)
            b.launch("ctc_greedy_seq_len", items) << b.in(0) << b.in(1) << b.out(0) << b.out(1) << m_params;
        else
            b.launch("ctc_greedy_masked", items) << b.in(0) << b.in(1) << b.out(0) << m_params;
    }

    CtcGreedyParams m_params{};
    bool m_with_lengths = false;
};

}  // namespace

OpenclKernelEntry ctc_greedy_entry() {
    return {{"CTCGreedyDecoder", "CTCGreedyDecoderSeqLen"}, "", {}, all_of(fits_int, [](const ov::Node& node) {
                return ov::is_type<ov::op::v6::CTCGreedyDecoderSeqLen>(&node) ? check_seq_len(node)
                                                                              : check_masked(node);
            }),
            make_kernel<CtcGreedyKernel>()};
}

}  // namespace opencl
}  // namespace devmux
