// SPDX-License-Identifier: Apache-2.0
// Interpolate-4 and -11 in nearest mode with constant sizes or scales (the upsampling of FPN and U-Net
// decoders, ONNX Resize): a gather. Each axis's map from output to input index is computed once, at compile
// time, by the reference's own rule (devmux/kit/interpolate_mapping.hpp), so the kernel picks exactly the
// pixels the reference picks; the output is then written row by row. The reference resamples one axis at a
// time through double buffers; PP-OCRv4's detector spent a quarter of its time there.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "devmux/kit/interpolate_mapping.hpp"
#include "kernels/element_bytes.hpp"
#include "kernels/kernel.hpp"
#include "kernels/strided_copy.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/interpolate.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

constexpr size_t kMaxRank = 8;

using Base = ov::op::util::InterpolateBase;

struct NearestSpec {
    std::vector<size_t> out_dims;
    std::vector<size_t> in_strides;         // elements
    std::vector<std::vector<size_t>> maps;  // per axis: output index -> input index
    size_t element_bytes = 0;
};

std::shared_ptr<ov::op::v0::Constant> constant_at(const ov::Node& node, size_t input) {
    return ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(input));
}

std::optional<NearestSpec> nearest_spec(const ov::Node& node, std::string* why) {
    const auto* base = ov::as_type<const Base>(&node);
    const bool v4 = ov::is_type<ov::op::v4::Interpolate>(&node), v11 = ov::is_type<ov::op::v11::Interpolate>(&node);
    if (!base || (!v4 && !v11))
        return refuse(why, "is not an Interpolate-4 or -11");
    const auto& attrs = base->get_attrs();
    if (attrs.mode != Base::InterpolateMode::NEAREST)
        return refuse(why, "has a mode other than nearest");
    auto any_nonzero = [](const std::vector<size_t>& pads) {
        return std::any_of(pads.begin(), pads.end(), [](size_t p) { return p != 0; });
    };
    if (any_nonzero(attrs.pads_begin) || any_nonzero(attrs.pads_end))
        return refuse(why, "pads its data");
    if (node.get_input_partial_shape(0).is_dynamic() || node.get_output_partial_shape(0).is_dynamic() ||
        !node.get_input_element_type(0).is_static())
        return refuse(why, "has data or a result of dynamic shape or element type");
    NearestSpec spec;
    spec.element_bytes = node.get_input_element_type(0).size();
    if (spec.element_bytes != 1 && spec.element_bytes != 2 && spec.element_bytes != 4 && spec.element_bytes != 8)
        return refuse(why, "has elements of a size other than 1, 2, 4 or 8 bytes");
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    const size_t rank = in.size();
    if (rank > kMaxRank)
        return refuse(why, "has data of rank above 8");
    if (rank == 0 || out.size() != rank || ov::shape_size(in) == 0 || ov::shape_size(out) == 0)
        return refuse(why, "has a scalar or empty data or result");

    const bool by_sizes = attrs.shape_calculation_mode == Base::ShapeCalcMode::SIZES;
    const size_t values_input = v11 ? 1 : (by_sizes ? 1 : 2);
    const size_t axes_input = v11 ? 2 : 3;
    const auto values = constant_at(node, values_input);
    if (!values)
        return refuse(why, "has sizes or scales that are not a Constant");
    std::vector<int64_t> axes;
    if (node.get_input_size() > axes_input) {
        const auto axes_constant = constant_at(node, axes_input);
        if (!axes_constant)
            return refuse(why, "has axes that are not a Constant");
        axes = axes_constant->cast_vector<int64_t>();
    } else {
        for (size_t a = 0; a < rank; ++a)
            axes.push_back(static_cast<int64_t>(a));
    }
    const std::vector<double> given = values->cast_vector<double>();
    if (given.size() != axes.size())
        return refuse(why, "has a number of sizes or scales other than its axes'");

    spec.out_dims = out;
    spec.in_strides.assign(rank, 1);
    for (size_t d = rank; d-- > 1;)
        spec.in_strides[d - 1] = spec.in_strides[d] * in[d];
    spec.maps.resize(rank);
    for (size_t d = 0; d < rank; ++d) {
        if (in[d] != out[d])  // an axis that is resized yet not listed would be a shape inference bug
            spec.maps[d].clear();
        else
            for (size_t o = 0; o < out[d]; ++o)
                spec.maps[d].push_back(o);
    }
    for (size_t k = 0; k < axes.size(); ++k) {
        int64_t a = axes[k] < 0 ? axes[k] + static_cast<int64_t>(rank) : axes[k];
        if (a < 0 || a >= static_cast<int64_t>(rank))
            return refuse(why, "has an axis outside the data's rank");
        const auto axis = static_cast<size_t>(a);
        const size_t in_len = in[axis], out_len = out[axis];
        // The scale as the reference takes it: the given one, or the sizes' ratio.
        const double scale = by_sizes ? static_cast<double>(out_len) / static_cast<double>(in_len) : given[k];
        if (!(scale > 0.0))
            return refuse(why, "has a scale that is not positive");
        if (out_len == in_len && scale == 1.0)
            continue;  // identity, as the reference skips it
        auto& map = spec.maps[axis];
        map.resize(out_len);
        for (size_t o = 0; o < out_len; ++o) {
            const double x = kit::interpolate_input_coordinate(attrs.coordinate_transformation_mode,
                                                               static_cast<double>(o), scale, in_len, out_len);
            const int64_t i = kit::interpolate_nearest_index(attrs.nearest_mode, x, scale);
            map[o] = static_cast<size_t>(std::min<int64_t>(std::max<int64_t>(i, 0), static_cast<int64_t>(in_len) - 1));
        }
    }
    for (size_t d = 0; d < rank; ++d)
        if (spec.maps[d].size() != out[d])
            return refuse(why, "resizes an axis its axes input does not list");
    return spec;
}

class NearestKernel final : public Kernel {
public:
    explicit NearestKernel(NearestSpec spec) : m_spec(std::move(spec)) {
        // Store the maps premultiplied by the input strides: offset = sum of map[d][o_d].
        for (size_t d = 0; d < m_spec.maps.size(); ++d)
            for (auto& i : m_spec.maps[d])
                i *= m_spec.in_strides[d];
    }
    std::string name() const override { return "interpolate_nearest"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        by_element_bytes(m_spec.element_bytes, [&](auto word) { run<decltype(word)>(inputs, outputs, ctx); });
    }

private:
    template <typename T>
    void run(const ov::TensorVector& inputs, ov::TensorVector& outputs, ExecContext& ctx) const {
        const T* in = static_cast<const T*>(inputs[0].data());
        T* out = static_cast<T*>(outputs[0].data());
        const size_t rank = m_spec.out_dims.size();
        const size_t row = m_spec.out_dims[rank - 1];
        const size_t rows = ov::shape_size(m_spec.out_dims) / row;
        const std::vector<size_t>& last = m_spec.maps[rank - 1];
        auto part = [&](size_t begin, size_t end) {
            size_t coord[kMaxRank] = {};  // no allocation on the infer path
            size_t rest = begin;
            for (size_t d = rank - 1; d-- > 0;) {
                coord[d] = rest % m_spec.out_dims[d];
                rest /= m_spec.out_dims[d];
            }
            const T* previous_src = nullptr;
            const T* previous_dst = nullptr;
            for (size_t r = begin; r < end; ++r) {
                size_t offset = 0;
                for (size_t d = 0; d + 1 < rank; ++d)
                    offset += m_spec.maps[d][coord[d]];
                const T* src = in + offset;
                T* dst = out + r * row;
                if (src == previous_src) {
                    // An upsampled row repeats the row before it: copy that output row.
                    std::copy(previous_dst, previous_dst + row, dst);
                } else {
                    for (size_t i = 0; i < row; ++i)
                        dst[i] = src[last[i]];
                }
                previous_src = src;
                previous_dst = dst;
                for (size_t d = rank - 1; d-- > 0;) {
                    if (++coord[d] < m_spec.out_dims[d])
                        break;
                    coord[d] = 0;
                }
            }
        };
        for_row_ranges(ctx.pool, rows, rows * row * sizeof(T), part);
    }

    NearestSpec m_spec;
};

}  // namespace

CpuKernelEntry interpolate_nearest_entry() {
    return {{"Interpolate"}, "", {}, refusal_of(nearest_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<NearestKernel>(*nearest_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
