// SPDX-License-Identifier: Apache-2.0
// Convert-1 between f32, i64, i32, u8, i8 and boolean, static shapes. BERT-like ONNX models Cast their attention
// mask i64 -> f32 -> boolean on [batch, 1, S, S] every inference; the reference converts through its compute
// types value by value. The rule per value is the reference's (runtime/ops/reference/saturating_convert.hpp):
// to boolean any nonzero value (NaN included) is true; a real to an integer truncates towards zero, saturates to
// the destination's range and gives 0 for NaN; everything else is C++'s conversion (integers wrap).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/kernel.hpp"
#include "openvino/op/convert.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

// A boolean is stored as one byte; any nonzero byte reads as true.
struct Boolean {
    uint8_t value;
};

template <typename Out, typename In>
inline Out convert_value(In v) {
    if constexpr (std::is_same<Out, Boolean>::value) {
        if constexpr (std::is_same<In, Boolean>::value)
            return Boolean{static_cast<uint8_t>(v.value != 0)};
        else
            return Boolean{static_cast<uint8_t>(v != In(0))};
    } else if constexpr (std::is_same<In, Boolean>::value) {
        return static_cast<Out>(v.value != 0);
    } else if constexpr (std::is_integral<Out>::value && std::is_floating_point<In>::value) {
        // In double, where the bounds lowest() and max() + 1 (powers of two) are exact.
        const double d = static_cast<double>(v);
        const double lowest = static_cast<double>(std::numeric_limits<Out>::lowest());
        const double above_max = static_cast<double>(std::numeric_limits<Out>::max() / 2 + 1) * 2.0;
        if (d != d)
            return Out(0);
        if (d <= lowest)
            return std::numeric_limits<Out>::lowest();
        if (d >= above_max)
            return std::numeric_limits<Out>::max();
        return static_cast<Out>(d);  // truncates towards zero
    } else {
        return static_cast<Out>(v);
    }
}

template <typename Out, typename In>
void convert_range(const void* src, void* dst, size_t begin, size_t end) {
    const In* in = static_cast<const In*>(src);
    Out* out = static_cast<Out*>(dst);
    for (size_t i = begin; i < end; ++i)
        out[i] = convert_value<Out, In>(in[i]);
}

// i64 -> f32 has no vector instruction before AVX-512 (the loop above stays one scalar conversion per value). Ids,
// masks and counts fit in 32 bits: a block whose values all do converts through i32, which vectorises and
// rounds the same integers the same way.
template <>
void convert_range<float, int64_t>(const void* src, void* dst, size_t begin, size_t end) {
    const int64_t* in = static_cast<const int64_t*>(src);
    float* out = static_cast<float*>(dst);
    constexpr size_t kBlock = 16;
    size_t i = begin;
    for (; i + kBlock <= end; i += kBlock) {
        bool fits = true;
        for (size_t k = 0; k < kBlock; ++k)
            fits &= in[i + k] == static_cast<int32_t>(in[i + k]);
        if (fits) {
            for (size_t k = 0; k < kBlock; ++k)
                out[i + k] = static_cast<float>(static_cast<int32_t>(in[i + k]));
        } else {
            for (size_t k = 0; k < kBlock; ++k)
                out[i + k] = static_cast<float>(in[i + k]);
        }
    }
    for (; i < end; ++i)
        out[i] = static_cast<float>(in[i]);
}

using ConvertRange = void (*)(const void*, void*, size_t, size_t);

// The storage types this kernel takes, in the order of kTypes.
const ov::element::Type kTypes[] = {ov::element::f32, ov::element::i64, ov::element::i32,
                                      ov::element::u8,  ov::element::i8,  ov::element::boolean};

template <typename In>
ConvertRange range_to(size_t out_index) {
    switch (out_index) {
    case 0: return convert_range<float, In>;
    case 1: return convert_range<int64_t, In>;
    case 2: return convert_range<int32_t, In>;
    case 3: return convert_range<uint8_t, In>;
    case 4: return convert_range<int8_t, In>;
    default: return convert_range<Boolean, In>;
    }
}

ConvertRange range_for(size_t in_index, size_t out_index) {
    switch (in_index) {
    case 0: return range_to<float>(out_index);
    case 1: return range_to<int64_t>(out_index);
    case 2: return range_to<int32_t>(out_index);
    case 3: return range_to<uint8_t>(out_index);
    case 4: return range_to<int8_t>(out_index);
    default: return range_to<Boolean>(out_index);
    }
}

std::optional<size_t> type_index(const ov::element::Type& type) {
    for (size_t i = 0; i < sizeof(kTypes) / sizeof(kTypes[0]); ++i)
        if (type == kTypes[i])
            return i;
    return std::nullopt;
}

struct ConvertSpec {
    size_t in_type = 0, out_type = 0;
};

std::optional<ConvertSpec> convert_spec(const ov::Node& node, std::string* why) {
    if (!ov::is_type<ov::op::v0::Convert>(&node))
        return refuse(why, "is not a Convert-1");
    if (node.get_input_partial_shape(0).is_dynamic())
        return refuse(why, "has data of dynamic shape");
    const auto in = type_index(node.get_input_element_type(0));
    const auto out = type_index(node.get_output_element_type(0));
    if (!in || !out)
        return refuse(why, "converts types other than f32, i64, i32, u8, i8 and boolean");
    return ConvertSpec{*in, *out};
}

class ConvertKernel final : public Kernel {
public:
    ConvertKernel(const ov::element::Type& from, const ov::element::Type& to, ConvertRange range)
        : m_name("convert_" + type_suffix(from) + "_" + type_suffix(to)), m_range(range) {}
    std::string name() const override { return m_name; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const size_t n = inputs[0].get_size();
        const void* src = inputs[0].data();
        void* dst = outputs[0].data();
        for_row_ranges(ctx.pool, n, n, [&](size_t begin, size_t end) { m_range(src, dst, begin, end); }, 1u << 16);
    }

private:
    std::string m_name;
    ConvertRange m_range;
};

}  // namespace

CpuKernelEntry convert_entry() {
    return {{"Convert"}, "", {}, refusal_of(convert_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                const ConvertSpec spec = *convert_spec(*node, nullptr);
                return std::make_shared<ConvertKernel>(node->get_input_element_type(0),
                                                       node->get_output_element_type(0),
                                                       range_for(spec.in_type, spec.out_type));
            }};
}

}  // namespace cpu
}  // namespace devmux
