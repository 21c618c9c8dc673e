// SPDX-License-Identifier: Apache-2.0
// AdaptiveAvgPool-8 and AdaptiveMaxPool-8: one shape inference and one bin walk; output position i of an
// axis of input size X and output size Y covers the inputs [floor(i * X / Y), ceil((i + 1) * X / Y)).
#include <algorithm>
#include <limits>

#include "openvino/op/adaptive_avg_pool.hpp"
#include "openvino/op/adaptive_max_pool.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

PartialShape infer_adaptive_pool(const Node& op) {
    DEVMUX_NODE_CHECK(op, op.get_input_size() == 2, "expects 2 inputs (data, output_shape), got ",
                      op.get_input_size());
    const auto& type = op.get_input_element_type(0);
    DEVMUX_NODE_CHECK(op, type.is_dynamic() || type.is_real(), "data must have a real element type, got ", type);
    devmux::ref::check_integral_input(op, 1, "output_shape");
    const PartialShape& data = op.get_input_partial_shape(0);
    devmux::ops::check_nn_data_rank(op, data, "data");
    const PartialShape& sizes = op.get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(op, sizes.rank().compatible(1), "output_shape must be a 1-D tensor, got shape ", sizes);
    int64_t spatial = data.rank_is_static() ? static_cast<int64_t>(data.size()) - 2 : -1;
    if (sizes.rank_is_static() && sizes[0].is_static()) {
        const int64_t given = sizes[0].get_length();
        DEVMUX_NODE_CHECK(op, spatial < 0 || given == spatial, "output_shape has ", given,
                          " values, expected one per spatial axis of data ", data);
        spatial = given;
    }
    if (spatial < 0)
        return PartialShape::dynamic();
    std::vector<Dimension> out{data.rank_is_static() ? data[0] : Dimension::dynamic(),
                               data.rank_is_static() ? data[1] : Dimension::dynamic()};
    if (auto value = devmux::ref::constant_input(op, 1)) {
        for (int64_t v : value->cast_vector<int64_t>()) {
            DEVMUX_NODE_CHECK(op, v >= 0, "output_shape values must not be negative, got ", v);
            out.push_back(Dimension(v));
        }
    } else {
        out.resize(out.size() + static_cast<size_t>(spatial), Dimension::dynamic());
    }
    return PartialShape(out);
}

// Input and output spatial sizes over three axes (leading axes of size 1 for 1-D and 2-D data).
struct Bins {
    size_t in[3] = {1, 1, 1};
    size_t out[3] = {1, 1, 1};
};

Bins make_bins(const Shape& data, const std::vector<int64_t>& sizes) {
    Bins bins;
    const size_t n = data.size() - 2;
    for (size_t i = 0; i < n; ++i) {
        bins.in[3 - n + i] = data[2 + i];
        bins.out[3 - n + i] = static_cast<size_t>(sizes[i]);
    }
    return bins;
}

size_t bin_begin(size_t i, size_t in, size_t out) { return i * in / out; }
size_t bin_end(size_t i, size_t in, size_t out) { return ((i + 1) * in + out - 1) / out; }

// Walks the bins of every (batch, channel) plane: visit(plane offset in the input, output index, bin begin,
// bin end), the bounds per spatial axis.
template <typename Visit>
void walk_bins(const Bins& b, size_t planes, Visit visit) {
    const size_t in_vol = b.in[0] * b.in[1] * b.in[2];
    const size_t out_vol = b.out[0] * b.out[1] * b.out[2];
    for (size_t p = 0; p < planes; ++p)
        for (size_t od = 0; od < b.out[0]; ++od)
            for (size_t oh = 0; oh < b.out[1]; ++oh)
                for (size_t ow = 0; ow < b.out[2]; ++ow) {
                    const size_t lo[3] = {bin_begin(od, b.in[0], b.out[0]), bin_begin(oh, b.in[1], b.out[1]),
                                          bin_begin(ow, b.in[2], b.out[2])};
                    const size_t hi[3] = {bin_end(od, b.in[0], b.out[0]), bin_end(oh, b.in[1], b.out[1]),
                                          bin_end(ow, b.in[2], b.out[2])};
                    visit(p * in_vol, p * out_vol + (od * b.out[1] + oh) * b.out[2] + ow, lo, hi);
                }
}

struct AdaptiveArgs {
    Shape out_shape;
    Bins bins;
    size_t planes = 0;
};

AdaptiveArgs adaptive_args(const Node& op, const TensorVector& inputs) {
    DEVMUX_NODE_CHECK(op, inputs.size() == 2, "evaluate expects 2 inputs, got ", inputs.size());
    const Shape& ds = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(op, ds.size() >= 3 && ds.size() <= 5, "data must be 3-D to 5-D, got shape ", ds);
    const auto sizes = devmux::ref::tensor_to_i64(inputs[1]);
    DEVMUX_NODE_CHECK(op, sizes.size() == ds.size() - 2, "output_shape has ", sizes.size(),
                      " values, expected one per spatial axis of data ", ds);
    AdaptiveArgs args;
    args.out_shape = {ds[0], ds[1]};
    for (size_t i = 0; i < sizes.size(); ++i) {
        DEVMUX_NODE_CHECK(op, sizes[i] >= 0, "output_shape values must not be negative, got ", sizes[i]);
        DEVMUX_NODE_CHECK(op, sizes[i] == 0 || ds[2 + i] > 0, "cannot pool an empty spatial axis ", i,
                          " of data ", ds, " into ", sizes[i], " values");
        args.out_shape.push_back(static_cast<size_t>(sizes[i]));
    }
    args.bins = make_bins(ds, sizes);
    args.planes = ds[0] * ds[1];
    return args;
}

}  // namespace

namespace v8 {

AdaptiveAvgPool::AdaptiveAvgPool(const Output<Node>& data, const Output<Node>& output_shape)
    : Op({data, output_shape}) {
    constructor_validate_and_infer_types();
}

void AdaptiveAvgPool::validate_and_infer_types() {
    set_output_type(0, get_input_element_type(0), infer_adaptive_pool(*this));
}

bool AdaptiveAvgPool::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> AdaptiveAvgPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<AdaptiveAvgPool>(new_args[0], new_args[1]);
}

bool AdaptiveAvgPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto args = adaptive_args(*this, inputs);
    const auto type = inputs[0].get_element_type();
    if (!devmux::ref::dispatch_real(type, [](auto) {}))
        return false;
    devmux::ref::InputBuffer<double> x(inputs[0]);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, args.out_shape);
    devmux::ref::OutputBuffer<double> y(out);
    const Bins& b = args.bins;
    walk_bins(b, args.planes, [&](size_t plane, size_t o, const size_t* lo, const size_t* hi) {
        double sum = 0;
        for (size_t d = lo[0]; d < hi[0]; ++d)
            for (size_t h = lo[1]; h < hi[1]; ++h)
                for (size_t w = lo[2]; w < hi[2]; ++w)
                    sum += x.data()[plane + (d * b.in[1] + h) * b.in[2] + w];
        y.data()[o] = sum / static_cast<double>((hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]));
    });
    y.commit();
    return true;
}

bool AdaptiveAvgPool::has_evaluate() const {
    return get_input_size() == 2 && devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {});
}

AdaptiveMaxPool::AdaptiveMaxPool(const Output<Node>& data, const Output<Node>& output_shape,
                                 const element::Type& index_element_type)
    : Op({data, output_shape}), m_index_element_type(index_element_type) {
    constructor_validate_and_infer_types();
}

void AdaptiveMaxPool::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, m_index_element_type == element::i32 || m_index_element_type == element::i64,
                      "index_element_type must be i32 or i64, got ", m_index_element_type);
    const PartialShape shape = infer_adaptive_pool(*this);
    set_output_type(0, get_input_element_type(0), shape);
    set_output_type(1, m_index_element_type, shape);
}

bool AdaptiveMaxPool::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("index_element_type", m_index_element_type);
    return true;
}

std::shared_ptr<Node> AdaptiveMaxPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<AdaptiveMaxPool>(new_args[0], new_args[1], m_index_element_type);
}

bool AdaptiveMaxPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto args = adaptive_args(*this, inputs);
    const auto type = inputs[0].get_element_type();
    if (!devmux::ref::dispatch_real(type, [](auto) {}))
        return false;
    devmux::ref::InputBuffer<double> x(inputs[0]);
    if (outputs.size() < 2)
        outputs.resize(2);  // before taking references into the vector
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, args.out_shape);
    Tensor& indices = devmux::ref::prepare_output(outputs, 1, m_index_element_type, args.out_shape);
    devmux::ref::OutputBuffer<double> y(out);
    devmux::ref::OutputBuffer<int64_t> where(indices);
    const Bins& b = args.bins;
    walk_bins(b, args.planes, [&](size_t plane, size_t o, const size_t* lo, const size_t* hi) {
        double best = -std::numeric_limits<double>::infinity();
        int64_t best_index = -1;
        for (size_t d = lo[0]; d < hi[0]; ++d)
            for (size_t h = lo[1]; h < hi[1]; ++h)
                for (size_t w = lo[2]; w < hi[2]; ++w) {
                    const size_t at = (d * b.in[1] + h) * b.in[2] + w;  // within the channel's spatial input
                    const double v = x.data()[plane + at];
                    // The first maximum wins; a NaN is taken so that it propagates.
                    if (best_index < 0 || v > best || (v != v && best == best)) {
                        best = v;
                        best_index = static_cast<int64_t>(at);
                    }
                }
        y.data()[o] = best;
        where.data()[o] = best_index;
    });
    y.commit();
    where.commit();
    return true;
}

bool AdaptiveMaxPool::has_evaluate() const {
    return get_input_size() == 2 && devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {});
}

}  // namespace v8
}  // namespace op
}  // namespace ov
