// SPDX-License-Identifier: Apache-2.0
#include "ops/nn_shape.hpp"

#include <algorithm>
#include <string>

#include "ops/reference/broadcast.hpp"

namespace devmux {
namespace ops {

namespace {
std::string join(const std::vector<int64_t>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
        out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
}
}  // namespace

WindowResult infer_window(const ov::Node& op, const std::vector<ov::Dimension>& input, const WindowSpec& spec) {
    using ov::op::PadType;
    const size_t n = input.size();
    const bool explicit_pads = spec.auto_pad == PadType::EXPLICIT;
    const auto check_size = [&](const std::vector<int64_t>& values, const char* name) {
        DEVMUX_NODE_CHECK(op, values.size() == n, name, " ", join(values), " has ", values.size(),
                          " values, expected one per spatial axis (", n, ")");
    };
    check_size(spec.kernel, "kernel");
    check_size(spec.strides, "strides");
    check_size(spec.dilations, "dilations");
    if (explicit_pads) {
        check_size(spec.pads_begin, "pads_begin");
        check_size(spec.pads_end, "pads_end");
    }

    WindowResult result;
    result.output.resize(n);
    result.pads_begin.assign(n, 0);
    result.pads_end.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const int64_t stride = spec.strides[i];
        const int64_t dilation = spec.dilations[i];
        const int64_t kernel = spec.kernel[i];
        DEVMUX_NODE_CHECK(op, stride > 0, "strides ", join(spec.strides), " must be positive");
        DEVMUX_NODE_CHECK(op, dilation > 0, "dilations ", join(spec.dilations), " must be positive");
        DEVMUX_NODE_CHECK(op, kernel > 0 || kernel == -1, "kernel ", join(spec.kernel), " must be positive");

        const bool known = input[i].is_static() && kernel > 0;
        const int64_t in = known ? input[i].get_length() : 0;
        const int64_t dilated = known ? (kernel - 1) * dilation + 1 : 0;
        int64_t pad_begin = 0, pad_end = 0;
        if (explicit_pads) {
            pad_begin = spec.pads_begin[i];
            pad_end = spec.pads_end[i];
        } else if (spec.auto_pad == PadType::SAME_UPPER || spec.auto_pad == PadType::SAME_LOWER) {
            if (known) {
                const int64_t out = (in + stride - 1) / stride;
                const int64_t total = std::max<int64_t>(0, (out - 1) * stride + dilated - in);
                const int64_t half = total / 2;
                // The odd unit goes to the end for SAME_UPPER, to the beginning for SAME_LOWER.
                pad_begin = spec.auto_pad == PadType::SAME_UPPER ? half : total - half;
                pad_end = total - pad_begin;
            } else {
                result.pads_known = false;
            }
        }
        result.pads_begin[i] = pad_begin;
        result.pads_end[i] = pad_end;
        if (!known) {
            result.output[i] = ov::Dimension::dynamic();
            continue;
        }
        const int64_t padded = in + pad_begin + pad_end;
        DEVMUX_NODE_CHECK(op, dilated <= padded, "window after dilation (", dilated,
                          ") is larger than the padded input (", padded, ") at spatial axis ", i);
        const int64_t span = padded - dilated;
        const bool ceil = spec.rounding != ov::op::RoundingType::FLOOR;
        int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
        // Torch-style ceil never starts a window inside the end padding.
        if (spec.rounding == ov::op::RoundingType::CEIL_TORCH && out > 1 && (out - 1) * stride >= in + pad_begin)
            --out;
        result.output[i] = ov::Dimension(out);
    }
    return result;
}

int64_t spatial_rank(const ov::PartialShape& data, size_t attr_size) {
    if (data.rank_is_static())
        return static_cast<int64_t>(data.size()) - 2;
    return attr_size > 0 ? static_cast<int64_t>(attr_size) : -1;
}

void check_nn_data_rank(const ov::Node& op, const ov::PartialShape& data, const char* what) {
    DEVMUX_NODE_CHECK(op, !data.rank_is_static() || (data.size() >= 3 && data.size() <= 5), what,
                      " must be a 3-D, 4-D or 5-D tensor [N, C, spatial...], got shape ", data);
}

ov::PartialShape infer_matmul_shape(const ov::Node& op, const ov::PartialShape& a, const ov::PartialShape& b,
                                    bool transpose_a, bool transpose_b) {
    if (!a.rank_is_static() || !b.rank_is_static())
        return ov::PartialShape::dynamic();
    DEVMUX_NODE_CHECK(op, a.size() >= 1 && b.size() >= 1, "inputs must have rank >= 1, got shapes ", a, " and ", b);

    std::vector<ov::Dimension> da(a.begin(), a.end());
    std::vector<ov::Dimension> db(b.begin(), b.end());
    const bool a_vector = da.size() == 1;
    const bool b_vector = db.size() == 1;
    // A 1-D first input is a row vector, a 1-D second input a column vector; transposition ignores them.
    if (a_vector)
        da.insert(da.begin(), ov::Dimension(1));
    else if (transpose_a)
        std::swap(da[da.size() - 1], da[da.size() - 2]);
    if (b_vector)
        db.push_back(ov::Dimension(1));
    else if (transpose_b)
        std::swap(db[db.size() - 1], db[db.size() - 2]);

    const ov::Dimension& k_a = da[da.size() - 1];
    const ov::Dimension& k_b = db[db.size() - 2];
    DEVMUX_NODE_CHECK(op, k_a.compatible(k_b), "inner dimensions do not match: A ", a,
                      (transpose_a ? " (transposed)" : ""), " has K=", k_a, ", B ", b,
                      (transpose_b ? " (transposed)" : ""), " has K=", k_b);

    const ov::PartialShape batch_a(std::vector<ov::Dimension>(da.begin(), da.end() - 2));
    const ov::PartialShape batch_b(std::vector<ov::Dimension>(db.begin(), db.end() - 2));
    ov::PartialShape batch;
    DEVMUX_NODE_CHECK(op, ref::numpy_broadcast_shape(batch_a, batch_b, batch), "batch dimensions of A ", a,
                      " and B ", b, " do not broadcast");
    std::vector<ov::Dimension> out(batch.begin(), batch.end());
    if (!a_vector)
        out.push_back(da[da.size() - 2]);
    if (!b_vector)
        out.push_back(db[db.size() - 1]);
    return ov::PartialShape(out);
}

ov::AxisSet normalize_axes(const ov::Node& op, const std::vector<int64_t>& axes, int64_t rank) {
    ov::AxisSet result;
    for (int64_t axis : axes)
        result.insert(static_cast<size_t>(ref::normalize_axis(op, axis, rank)));
    return result;
}

}  // namespace ops
}  // namespace devmux
