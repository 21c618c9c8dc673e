// SPDX-License-Identifier: Apache-2.0
// Select-1 (ONNX Where) with a boolean condition and values of 1, 2, 4 or 8 bytes, broadcast numpy-style or of
// equal shapes, static shapes. BERT-like ONNX models turn their attention mask into additive scores with a Where
// over [batch, 1, S, S] every inference; the reference walks it element by element with coordinates. Here the
// three operands are right-aligned to the result, axes of length 1 dropped and neighbouring axes merged where
// all three read them alike (each either repeats both or reads both as one run), so the innermost loop runs
// over a long axis with each operand's stride 0 or 1.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/element_bytes.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/select.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

constexpr size_t kSelectMaxRank = 8;

// The result as merged axes; per operand (condition, then, else) its element stride along each.
struct SelectSpec {
    size_t value_bytes = 0;
    size_t total = 0;
    std::vector<size_t> dims;
    std::vector<std::array<size_t, 3>> strides;
};

std::optional<SelectSpec> select_spec(const ov::Node& node, std::string* why) {
    const auto* select = ov::as_type<const ov::op::v1::Select>(&node);
    if (!select)
        return refuse(why, "is not a Select-1");
    const auto mode = select->get_auto_broadcast().m_type;
    if (mode != ov::op::AutoBroadcastType::NUMPY && mode != ov::op::AutoBroadcastType::NONE)
        return refuse(why, "broadcasts by a rule other than numpy");
    for (size_t i = 0; i < 3; ++i)
        if (node.get_input_partial_shape(i).is_dynamic() || !node.get_input_element_type(i).is_static())
            return refuse(why, "has an operand of dynamic shape or element type");
    if (node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has a result of dynamic shape");
    if (node.get_input_element_type(0) != ov::element::boolean)
        return refuse(why, "has a condition other than boolean");
    SelectSpec spec;
    spec.value_bytes = node.get_output_element_type(0).size();
    if (node.get_input_element_type(1) != node.get_output_element_type(0) ||
        node.get_input_element_type(2) != node.get_output_element_type(0) ||
        (spec.value_bytes != 1 && spec.value_bytes != 2 && spec.value_bytes != 4 && spec.value_bytes != 8))
        return refuse(why, "has values of a size other than 1, 2, 4 or 8 bytes");
    const ov::Shape out = node.get_output_shape(0);
    if (out.size() > kSelectMaxRank)
        return refuse(why, "has a result of rank above 8");
    spec.total = ov::shape_size(out);
    if (spec.total == 0)
        return refuse(why, "has an empty result");
    std::array<ov::Shape, 3> in;
    std::array<std::vector<size_t>, 3> in_strides;
    for (size_t i = 0; i < 3; ++i) {
        in[i] = node.get_input_shape(i);
        if (in[i].size() > out.size())
            return refuse(why, "has an operand of higher rank than its result");
        in_strides[i].assign(in[i].size(), 1);
        for (size_t d = in[i].size(); d-- > 1;)
            in_strides[i][d - 1] = in_strides[i][d] * in[i][d];
    }
    for (size_t d = 0; d < out.size(); ++d) {
        if (out[d] == 1)
            continue;
        std::array<size_t, 3> stride{};
        for (size_t i = 0; i < 3; ++i) {
            const size_t lead = out.size() - in[i].size();
            const size_t dim = d < lead ? 1 : in[i][d - lead];
            if (dim != 1 && dim != out[d])
                return refuse(why, "has an operand extent that is neither 1 nor its result's");
            stride[i] = dim == 1 ? 0 : in_strides[i][d - lead];
        }
        bool merges = !spec.dims.empty();
        for (size_t i = 0; merges && i < 3; ++i) {
            const size_t previous = spec.strides.back()[i];
            merges = (stride[i] == 0 && previous == 0) || (stride[i] != 0 && previous == stride[i] * out[d]);
        }
        if (merges) {
            spec.dims.back() *= out[d];
            spec.strides.back() = stride;
        } else {
            spec.dims.push_back(out[d]);
            spec.strides.push_back(stride);
        }
    }
    if (spec.dims.empty()) {  // every axis of length 1: one element
        spec.dims.push_back(1);
        spec.strides.push_back({0, 0, 0});
    }
    return spec;
}

// Result elements [begin, end) in row-major order of the merged axes; each run along the last axis is one loop
// whose strides are 0 or 1 (merged axes keep 1 there), so the compiler specialises nothing and it stays simple.
template <typename T>
void select_range(const SelectSpec& s, const uint8_t* cond, const T* a, const T* b, T* out, size_t begin, size_t end) {
    const size_t rank = s.dims.size(), last = s.dims.back();
    std::array<size_t, kSelectMaxRank> index{};
    size_t rest = begin / last;
    for (size_t d = rank - 1; d-- > 0;) {
        index[d] = rest % s.dims[d];
        rest /= s.dims[d];
    }
    size_t inner = begin % last;
    size_t pos = begin;
    while (pos < end) {
        std::array<size_t, 3> offset{};
        for (size_t d = 0; d + 1 < rank; ++d)
            for (size_t i = 0; i < 3; ++i)
                offset[i] += index[d] * s.strides[d][i];
        const size_t count = std::min(last - inner, end - pos);
        const auto& st = s.strides.back();
        const uint8_t* c = cond + offset[0] + inner * st[0];
        const T* x = a + offset[1] + inner * st[1];
        const T* y = b + offset[2] + inner * st[2];
        T* o = out + pos;
        // Both values are read and one kept by a mask: a loop without branches or conditional loads vectorises.
        if (st[0] == 1 && st[1] == 0 && st[2] == 1) {  // an additive mask: a fill value where the condition holds
            const T fill = x[0];
            for (size_t k = 0; k < count; ++k) {
                const T keep = static_cast<T>(T(0) - static_cast<T>(c[k] != 0));
                o[k] = static_cast<T>((fill & keep) | (y[k] & static_cast<T>(~keep)));
            }
        } else if (st[0] == 1 && st[1] == 1 && st[2] == 1) {
            for (size_t k = 0; k < count; ++k) {
                const T keep = static_cast<T>(T(0) - static_cast<T>(c[k] != 0));
                o[k] = static_cast<T>((x[k] & keep) | (y[k] & static_cast<T>(~keep)));
            }
        } else {
            for (size_t k = 0; k < count; ++k)
                o[k] = c[k * st[0]] ? x[k * st[1]] : y[k * st[2]];
        }
        pos += count;
        inner = 0;
        for (size_t d = rank - 1; d-- > 0;) {
            if (++index[d] < s.dims[d])
                break;
            index[d] = 0;
        }
    }
}

class SelectKernel final : public Kernel {
public:
    explicit SelectKernel(SelectSpec spec) : m_spec(std::move(spec)) {}
    std::string name() const override { return "select"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        by_element_bytes(m_spec.value_bytes, [&](auto word) { run<decltype(word)>(inputs, outputs, ctx); });
    }

private:
    template <typename T>
    void run(const ov::TensorVector& inputs, ov::TensorVector& outputs, ExecContext& ctx) const {
        const auto* cond = static_cast<const uint8_t*>(inputs[0].data());
        const auto* a = static_cast<const T*>(inputs[1].data());
        const auto* b = static_cast<const T*>(inputs[2].data());
        auto* out = static_cast<T*>(outputs[0].data());
        const size_t n = m_spec.total;
        // Memory-bound: split only when there is enough to share out.
        for_row_ranges(ctx.pool, n, n * sizeof(T),
                       [&](size_t begin, size_t end) { select_range(m_spec, cond, a, b, out, begin, end); });
    }

    SelectSpec m_spec;
};

}  // namespace

CpuKernelEntry select_entry() {
    return {{"Select"}, "", {}, refusal_of(select_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<SelectKernel>(*select_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
