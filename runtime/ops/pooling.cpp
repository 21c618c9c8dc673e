// SPDX-License-Identifier: Apache-2.0
// MaxPool-1, MaxPool-8, MaxPool-14, AvgPool-1 and AvgPool-14: one shape inference and the reference
// kernels of ops/reference/pooling.hpp. The opset14 versions differ only in accepting the "ceil_torch"
// rounding, which the shape inference (devmux::ops::infer_window) already handles.
#include <algorithm>

#include "openvino/op/avg_pool.hpp"
#include "openvino/op/max_pool.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/pooling.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

using devmux::ops::WindowResult;
using devmux::ops::WindowSpec;

struct PoolShape {
    PartialShape output;
    WindowSpec spec;
    WindowResult window;
};

template <typename V>
std::vector<int64_t> to_int64_or(const V& v, size_t n, int64_t fill) {
    return v.empty() ? std::vector<int64_t>(n, fill) : std::vector<int64_t>(v.begin(), v.end());
}

PoolShape infer_pooling(const Node& op, const PartialShape& data, const Shape& kernel, const Strides& strides,
                        const Strides& dilations, const Shape& pads_begin, const Shape& pads_end, PadType auto_pad,
                        RoundingType rounding) {
    devmux::ops::check_nn_data_rank(op, data, "data");
    const int64_t n = devmux::ops::spatial_rank(data, kernel.size());
    PoolShape result;
    if (n < 0) {
        result.output = PartialShape::dynamic();
        return result;
    }
    const size_t ns = static_cast<size_t>(n);
    WindowSpec& spec = result.spec;
    spec.kernel.assign(kernel.begin(), kernel.end());
    spec.strides = to_int64_or(strides, ns, 1);
    spec.dilations = to_int64_or(dilations, ns, 1);
    spec.pads_begin = to_int64_or(pads_begin, ns, 0);
    spec.pads_end = to_int64_or(pads_end, ns, 0);
    spec.auto_pad = auto_pad;
    spec.rounding = rounding;

    std::vector<Dimension> spatial(ns, Dimension::dynamic());
    if (data.rank_is_static())
        spatial.assign(data.begin() + 2, data.end());
    result.window = devmux::ops::infer_window(op, spatial, spec);

    std::vector<Dimension> out;
    out.push_back(data.rank_is_static() ? data[0] : Dimension::dynamic());
    out.push_back(data.rank_is_static() ? data[1] : Dimension::dynamic());
    out.insert(out.end(), result.window.output.begin(), result.window.output.end());
    result.output = PartialShape(out);
    return result;
}

// The paddings to store back on the op: auto paddings resolved once the input is known, as OpenVINO does.
bool resolved_pads(const PoolShape& shape, PadType auto_pad, Shape& begin, Shape& end) {
    if (shape.spec.strides.empty() || (auto_pad != PadType::EXPLICIT && !shape.window.pads_known))
        return false;
    const auto& b = auto_pad == PadType::EXPLICIT ? shape.spec.pads_begin : shape.window.pads_begin;
    const auto& e = auto_pad == PadType::EXPLICIT ? shape.spec.pads_end : shape.window.pads_end;
    begin = Shape(b.begin(), b.end());
    end = Shape(e.begin(), e.end());
    return true;
}

devmux::ref::Window3D pool_window(const PoolShape& shape, const Shape& in, const Shape& out) {
    return devmux::ref::make_window3d(std::vector<size_t>(in.begin() + 2, in.end()),
                                            std::vector<size_t>(out.begin() + 2, out.end()), shape.spec.kernel,
                                            shape.spec.strides, shape.spec.dilations, shape.window.pads_begin);
}

template <typename C>
void run_max_pool(const Tensor& data, Tensor& out, Tensor* indices, int64_t index_bound,
                  const devmux::ref::Window3D& window) {
    const Shape& ds = data.get_shape();
    devmux::ref::InputBuffer<C> in(data);
    devmux::ref::OutputBuffer<C> values(out);
    std::vector<int64_t> flat(indices ? out.get_size() : 0);
    devmux::ref::max_pool(in.data(), values.data(), indices ? flat.data() : nullptr, ds[0] * ds[1], window);
    values.commit();
    if (!indices)
        return;
    // Indices are flat positions in the sub-tensor starting at `axis`: the whole input for axis 0.
    for (auto& index : flat)
        index = index < 0 ? -1 : index % index_bound;
    if (indices->get_element_type() == element::i32) {
        auto* dst = indices->data<int32_t>();
        for (size_t i = 0; i < flat.size(); ++i)
            dst[i] = static_cast<int32_t>(flat[i]);
    } else {
        std::copy(flat.begin(), flat.end(), indices->data<int64_t>());
    }
}

bool evaluate_max_pool(const util::MaxPoolBase& op, const Strides& dilations, TensorVector& outputs,
                       const TensorVector& inputs, bool with_indices, const element::Type& index_type, int64_t axis) {
    devmux::ref::check_evaluate_args(op, inputs, 1);
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    if (type == element::boolean || !type.is_static())
        return false;
    const Shape& ds = data.get_shape();
    const auto shape = infer_pooling(op, PartialShape(ds), op.get_kernel(), op.get_strides(), dilations,
                                     op.get_pads_begin(), op.get_pads_end(), op.get_auto_pad(),
                                     op.get_rounding_type());
    const Shape out_shape = shape.output.to_shape();
    // Both outputs are prepared before references are taken: growing `outputs` moves its tensors.
    if (with_indices)
        devmux::ref::prepare_output(outputs, 1, index_type, out_shape);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    Tensor* indices = with_indices ? &outputs[1] : nullptr;
    int64_t index_bound = 1;
    if (with_indices) {
        const int64_t rank = static_cast<int64_t>(ds.size());
        const int64_t first = axis < 0 ? axis + rank : axis;
        DEVMUX_NODE_CHECK(op, first >= 0 && first < rank, "axis ", axis, " is out of range for an input of rank ",
                          rank);
        for (size_t i = static_cast<size_t>(first); i < ds.size(); ++i)
            index_bound *= static_cast<int64_t>(ds[i]);
    }
    const auto window = pool_window(shape, ds, out_shape);
    if (type == element::f64)
        run_max_pool<double>(data, out, indices, index_bound, window);
    else if (type.is_real())
        run_max_pool<float>(data, out, indices, index_bound, window);
    else
        run_max_pool<int64_t>(data, out, indices, index_bound, window);
    return true;
}

template <typename C>
void run_avg_pool(const Tensor& data, Tensor& out, bool count_padding, const devmux::ref::Window3D& window) {
    const Shape& ds = data.get_shape();
    devmux::ref::InputBuffer<C> in(data);
    devmux::ref::OutputBuffer<C> values(out);
    devmux::ref::avg_pool(in.data(), values.data(), ds[0] * ds[1], window, count_padding);
    values.commit();
}

bool evaluate_avg_pool(const util::AvgPoolBase& op, TensorVector& outputs, const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(op, inputs, 1);
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    if (!devmux::ops::is_float_type(type))
        return false;
    const Shape& ds = data.get_shape();
    const auto shape = infer_pooling(op, PartialShape(ds), op.get_kernel(), op.get_strides(), Strides{},
                                     op.get_pads_begin(), op.get_pads_end(), op.get_auto_pad(),
                                     op.get_rounding_type());
    const Shape out_shape = shape.output.to_shape();
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    const auto non_zero = [](int64_t p) { return p != 0; };
    const bool padded = std::any_of(shape.window.pads_begin.begin(), shape.window.pads_begin.end(), non_zero) ||
                        std::any_of(shape.window.pads_end.begin(), shape.window.pads_end.end(), non_zero);
    const bool count_padding = !op.get_exclude_pad() && padded;
    const auto window = pool_window(shape, ds, out_shape);
    if (type == element::f64)
        run_avg_pool<double>(data, out, count_padding, window);
    else
        run_avg_pool<float>(data, out, count_padding, window);
    return true;
}

void check_index_element_type(const Node& op, const element::Type& index_element_type) {
    DEVMUX_NODE_CHECK(op, index_element_type == element::i32 || index_element_type == element::i64,
                      "index_element_type must be i32 or i64, got ", index_element_type);
}

void check_indices_axis(const Node& op, int64_t axis) {
    const auto& data = op.get_input_partial_shape(0);
    if (!data.rank_is_static())
        return;
    const int64_t rank = static_cast<int64_t>(data.size());
    DEVMUX_NODE_CHECK(op, axis >= -rank && axis < rank, "axis ", axis, " is out of range [", -rank, ", ", rank - 1,
                      "] for an input of rank ", rank);
}

// MaxPool-8 and MaxPool-14 differ only in the rounding types they accept (14 adds ceil_torch), so both versions
// share their attributes, shape inference and evaluation.
bool visit_max_pool_with_indices(AttributeVisitor& visitor, Strides& strides, Strides& dilations, Shape& pads_begin,
                                 Shape& pads_end, Shape& kernel, RoundingType& rounding_type, PadType& auto_pad,
                                 element::Type& index_element_type, int64_t& axis) {
    visitor.on_attribute("strides", strides);
    visitor.on_attribute("dilations", dilations);
    visitor.on_attribute("pads_begin", pads_begin);
    visitor.on_attribute("pads_end", pads_end);
    visitor.on_attribute("kernel", kernel);
    visitor.on_attribute("rounding_type", rounding_type);
    visitor.on_attribute("auto_pad", auto_pad);
    visitor.on_attribute("index_element_type", index_element_type);
    visitor.on_attribute("axis", axis);
    return true;
}

// Sets both outputs of a MaxPool with indices to the pooled `shape` (computed by the op with its dilations).
void set_max_pool_with_indices_outputs(Node& op, const PartialShape& shape, const element::Type& index_element_type,
                                       int64_t axis) {
    check_indices_axis(op, axis);
    op.set_output_type(0, op.get_input_element_type(0), shape);
    op.set_output_type(1, index_element_type, shape);
}

bool max_pool_with_indices_has_evaluate(const Node& op) {
    return op.get_input_size() == 1 && op.get_input_element_type(0).is_static() &&
           op.get_input_element_type(0) != element::boolean;
}

}  // namespace

namespace util {

MaxPoolBase::MaxPoolBase(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin,
                         const Shape& pads_end, const Shape& kernel, const op::RoundingType rounding_mode,
                         const PadType auto_pad)
    : Op({arg}),
      m_kernel(kernel),
      m_strides(strides),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_auto_pad(auto_pad),
      m_rounding_type(rounding_mode) {}

PartialShape MaxPoolBase::infer_pooled_shape(const Strides& dilations) {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1, "expects 1 input, got ", get_input_size());
    const auto shape = infer_pooling(*this, get_input_partial_shape(0), m_kernel, m_strides, dilations, m_pads_begin,
                                     m_pads_end, m_auto_pad, m_rounding_type);
    if (!shape.spec.strides.empty())
        m_strides = Strides(shape.spec.strides.begin(), shape.spec.strides.end());
    resolved_pads(shape, m_auto_pad, m_pads_begin, m_pads_end);
    return shape.output;
}

void MaxPoolBase::validate_and_infer_types() {
    const PartialShape shape = infer_pooled_shape(Strides{});
    set_output_type(0, get_input_element_type(0), shape);
}

MaxPoolV8Base::MaxPoolV8Base(const Output<Node>& arg, const Strides& strides, const Strides& dilations,
                             const Shape& pads_begin, const Shape& pads_end, const Shape& kernel,
                             const op::RoundingType rounding_type, const PadType auto_pad,
                             const element::Type index_element_type, const int64_t axis)
    : MaxPoolBase(arg, strides, pads_begin, pads_end, kernel, rounding_type, auto_pad),
      m_dilations(dilations),
      m_index_element_type(index_element_type),
      m_axis(axis) {}

bool MaxPoolV8Base::visit_attributes(AttributeVisitor& visitor) {
    return visit_max_pool_with_indices(visitor, m_strides, m_dilations, m_pads_begin, m_pads_end, m_kernel,
                                       m_rounding_type, m_auto_pad, m_index_element_type, m_axis);
}

void MaxPoolV8Base::validate_and_infer_types() {
    check_index_element_type(*this, m_index_element_type);
    const PartialShape shape = infer_pooled_shape(m_dilations);
    if (m_dilations.empty() && !m_kernel.empty())
        m_dilations = Strides(m_kernel.size(), 1);
    set_max_pool_with_indices_outputs(*this, shape, m_index_element_type, m_axis);
}

bool MaxPoolV8Base::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_max_pool(*this, m_dilations, outputs, inputs, true, m_index_element_type, m_axis);
}

bool MaxPoolV8Base::has_evaluate() const { return max_pool_with_indices_has_evaluate(*this); }

AvgPoolBase::AvgPoolBase(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin,
                         const Shape& pads_end, const Shape& kernel, bool exclude_pad, RoundingType rounding_type,
                         const PadType& auto_pad)
    : Op({arg}),
      m_kernel(kernel),
      m_strides(strides),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_exclude_pad(exclude_pad),
      m_auto_pad(auto_pad),
      m_rounding_type(rounding_type) {}

void AvgPoolBase::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1, "expects 1 input, got ", get_input_size());
    const auto shape = infer_pooling(*this, get_input_partial_shape(0), m_kernel, m_strides, Strides{}, m_pads_begin,
                                     m_pads_end, m_auto_pad, m_rounding_type);
    if (!shape.spec.strides.empty())
        m_strides = Strides(shape.spec.strides.begin(), shape.spec.strides.end());
    resolved_pads(shape, m_auto_pad, m_pads_begin, m_pads_end);
    set_output_type(0, get_input_element_type(0), shape.output);
}

bool AvgPoolBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("strides", m_strides);
    visitor.on_attribute("pads_begin", m_pads_begin);
    visitor.on_attribute("pads_end", m_pads_end);
    visitor.on_attribute("kernel", m_kernel);
    visitor.on_attribute("exclude-pad", m_exclude_pad);
    visitor.on_attribute("auto_pad", m_auto_pad);
    visitor.on_attribute("rounding_type", m_rounding_type);
    return true;
}

}  // namespace util

namespace v1 {

MaxPool::MaxPool(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                 const Shape& kernel, const op::RoundingType rounding_type, const PadType auto_pad)
    : MaxPoolBase(arg, strides, pads_begin, pads_end, kernel, rounding_type, auto_pad) {
    constructor_validate_and_infer_types();
}

bool MaxPool::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("strides", m_strides);
    visitor.on_attribute("pads_begin", m_pads_begin);
    visitor.on_attribute("pads_end", m_pads_end);
    visitor.on_attribute("kernel", m_kernel);
    visitor.on_attribute("rounding_type", m_rounding_type);
    visitor.on_attribute("auto_pad", m_auto_pad);
    return true;
}

void MaxPool::validate_and_infer_types() { MaxPoolBase::validate_and_infer_types(); }

std::shared_ptr<Node> MaxPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<MaxPool>(new_args[0], m_strides, m_pads_begin, m_pads_end, m_kernel, m_rounding_type,
                                     m_auto_pad);
}

bool MaxPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_max_pool(*this, Strides{}, outputs, inputs, false, element::i64, 0);
}

bool MaxPool::has_evaluate() const {
    return get_input_size() == 1 && get_input_element_type(0).is_static() &&
           get_input_element_type(0) != element::boolean;
}

AvgPool::AvgPool(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                 const Shape& kernel, bool exclude_pad, RoundingType rounding_type, const PadType& auto_pad)
    : AvgPoolBase(arg, strides, pads_begin, pads_end, kernel, exclude_pad, rounding_type, auto_pad) {
    constructor_validate_and_infer_types();
}

void AvgPool::validate_and_infer_types() { AvgPoolBase::validate_and_infer_types(); }

std::shared_ptr<Node> AvgPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<AvgPool>(new_args[0], m_strides, m_pads_begin, m_pads_end, m_kernel, m_exclude_pad,
                                     m_rounding_type, m_auto_pad);
}

bool AvgPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_avg_pool(*this, outputs, inputs);
}

bool AvgPool::has_evaluate() const { return get_input_size() == 1 && devmux::ops::is_float_type(get_input_element_type(0)); }

}  // namespace v1

namespace v8 {

MaxPool::MaxPool(const Output<Node>& arg, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
                 const Shape& pads_end, const Shape& kernel, const op::RoundingType rounding_type,
                 const PadType auto_pad, const element::Type index_element_type, const int64_t axis)
    : MaxPoolV8Base(arg, strides, dilations, pads_begin, pads_end, kernel, rounding_type, auto_pad, index_element_type,
                    axis) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> MaxPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<MaxPool>(new_args[0], m_strides, m_dilations, m_pads_begin, m_pads_end, m_kernel,
                                     m_rounding_type, m_auto_pad, m_index_element_type, m_axis);
}

}  // namespace v8

namespace v14 {

MaxPool::MaxPool(const Output<Node>& arg, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
                 const Shape& pads_end, const Shape& kernel, const op::RoundingType rounding_type,
                 const PadType auto_pad, const element::Type index_element_type, const int64_t axis)
    : MaxPoolV8Base(arg, strides, dilations, pads_begin, pads_end, kernel, rounding_type, auto_pad, index_element_type,
                    axis) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> MaxPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<MaxPool>(new_args[0], m_strides, m_dilations, m_pads_begin, m_pads_end, m_kernel,
                                     m_rounding_type, m_auto_pad, m_index_element_type, m_axis);
}

AvgPool::AvgPool(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                 const Shape& kernel, bool exclude_pad, RoundingType rounding_type, const PadType& auto_pad)
    : AvgPoolBase(arg, strides, pads_begin, pads_end, kernel, exclude_pad, rounding_type, auto_pad) {
    constructor_validate_and_infer_types();
}

void AvgPool::validate_and_infer_types() { AvgPoolBase::validate_and_infer_types(); }

std::shared_ptr<Node> AvgPool::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<AvgPool>(new_args[0], m_strides, m_pads_begin, m_pads_end, m_kernel, m_exclude_pad,
                                     m_rounding_type, m_auto_pad);
}

bool AvgPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_avg_pool(*this, outputs, inputs);
}

bool AvgPool::has_evaluate() const { return get_input_size() == 1 && devmux::ops::is_float_type(get_input_element_type(0)); }

}  // namespace v14
}  // namespace op
}  // namespace ov

