// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/fake_quantize.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "ops/reference/broadcast.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {
using devmux::ref::describe;

const char* const input_names[] = {"data", "input_low", "input_high", "output_low", "output_high"};

// OpenVINO's formula, operation for operation, so that results match bit for bit in the same type.
template <typename C>
C quantize(C x, C in_low, C in_high, C out_low, C out_high, C levels_minus_one) {
    if (x <= std::min(in_low, in_high))
        return out_low;
    if (x > std::max(in_low, in_high))
        return out_high;
    return std::nearbyint((x - in_low) / (in_high - in_low) * levels_minus_one) / levels_minus_one *
               (out_high - out_low) +
           out_low;
}
}  // namespace

FakeQuantize::FakeQuantize(const Output<Node>& data, const Output<Node>& input_low, const Output<Node>& input_high,
                           const Output<Node>& output_low, const Output<Node>& output_high, std::size_t levels,
                           const AutoBroadcastSpec& auto_broadcast)
    : Op({data, input_low, input_high, output_low, output_high}), m_levels(levels), m_auto_broadcast(auto_broadcast) {
    constructor_validate_and_infer_types();
}

void FakeQuantize::validate_and_infer_types() {
    if (get_input_size() != 5)
        OPENVINO_THROW(describe(*this),
                       ": expects 5 inputs (data, input_low, input_high, output_low, output_high), got ",
                       get_input_size());
    if (m_levels < 2)
        OPENVINO_THROW(describe(*this), ": attribute 'levels' must be at least 2, got ", m_levels);
    element::Type type = get_input_element_type(0);
    for (size_t i = 1; i < 5; ++i)
        if (!element::Type::merge(type, type, get_input_element_type(i)))
            OPENVINO_THROW(describe(*this), ": input '", input_names[i], "' has element type ",
                           get_input_element_type(i), ", but 'data' has ", get_input_element_type(0));
    if (!type.is_dynamic() && !type.is_real())
        OPENVINO_THROW(describe(*this), ": inputs must have a real element type, got ", type);
    PartialShape shape = get_input_partial_shape(0);
    for (size_t i = 1; i < 5; ++i)
        shape = devmux::ref::infer_broadcast_shape(*this, shape, get_input_partial_shape(i), m_auto_broadcast);
    set_output_type(0, type, shape);
}

bool FakeQuantize::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("levels", m_levels);
    visitor.on_attribute("auto_broadcast", m_auto_broadcast.m_type);
    return true;
}

std::shared_ptr<Node> FakeQuantize::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 5)
        OPENVINO_THROW(describe(*this), ": expects 5 inputs, got ", new_args.size());
    return std::make_shared<FakeQuantize>(new_args[0], new_args[1], new_args[2], new_args[3], new_args[4], m_levels,
                                          m_auto_broadcast);
}

bool FakeQuantize::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 5);
    if (m_levels < 2)
        OPENVINO_THROW(describe(*this), ": attribute 'levels' must be at least 2, got ", m_levels);
    const auto type = inputs[0].get_element_type();
    const std::array<std::reference_wrapper<const Shape>, 5> shapes{inputs[0].get_shape(), inputs[1].get_shape(),
                                                                    inputs[2].get_shape(), inputs[3].get_shape(),
                                                                    inputs[4].get_shape()};
    // The ranges usually broadcast to the data (per tensor or per channel): the output is then the data's
    // shape, taken without building a broadcast shape (allocations on every call).
    const Shape& data_shape = shapes[0].get();
    bool data_shaped = m_auto_broadcast.m_type == op::AutoBroadcastType::NUMPY;
    for (size_t i = 1; i < 5 && data_shaped; ++i) {
        const Shape& s = shapes[i].get();
        data_shaped = s.size() <= data_shape.size();
        for (size_t d = 0; d < s.size() && data_shaped; ++d)
            data_shaped = s[d] == 1 || s[d] == data_shape[data_shape.size() - s.size() + d];
    }
    Shape merged;
    for (size_t i = 0; i < 5; ++i) {
        if (inputs[i].get_element_type() != type)
            OPENVINO_THROW(describe(*this), ": input '", input_names[i], "' has element type ",
                           inputs[i].get_element_type(), ", but 'data' has ", type);
        if (!data_shaped)
            merged = devmux::ref::infer_broadcast_shape(*this, i == 0 ? data_shape : merged, shapes[i].get(),
                                                        m_auto_broadcast)
                         .to_shape();
    }
    const Shape& out_shape = data_shaped ? data_shape : merged;
    return devmux::ref::dispatch_real(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
        const T* x = inputs[0].data<T>();
        const T* il = inputs[1].data<T>();
        const T* ih = inputs[2].data<T>();
        const T* ol = inputs[3].data<T>();
        const T* oh = inputs[4].data<T>();
        T* y = out.data<T>();
        const C levels_minus_one = static_cast<C>(m_levels - 1);
        devmux::ref::for_each_broadcast_ref<5>(out_shape, shapes, [&](size_t o, const std::array<size_t, 5>& i) {
            y[o] = static_cast<T>(quantize(static_cast<C>(x[i[0]]), static_cast<C>(il[i[1]]), static_cast<C>(ih[i[2]]),
                                           static_cast<C>(ol[i[3]]), static_cast<C>(oh[i[4]]), levels_minus_one));
        });
    });
}

bool FakeQuantize::has_evaluate() const {
    return get_input_size() == 5 && devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {});
}

}  // namespace v0
}  // namespace op
}  // namespace ov

