// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/prelu.hpp"

#include <vector>

#include "ops/reference/broadcast.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/prelu_slope.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {
using devmux::ref::describe;

// The slopes models use (one value, or one per channel): a direct loop with no broadcast walk and no
// temporary, so that a plan falling back to evaluate() allocates nothing per inference. Returns 0 when
// the slope has another shape (the general path handles it), 1 when done, -1 for unsupported types.
int evaluate_per_channel(TensorVector& outputs, const Tensor& data, const Tensor& slope) {
    const Shape& data_shape = data.get_shape();
    const Shape& slope_shape = slope.get_shape();
    const size_t n = shape_size(data_shape);
    size_t outer = 0, channels = 0, inner = 0;
    if (slope.get_size() == 1 && slope_shape.size() <= data_shape.size()) {
        outer = 1, channels = 1, inner = n;
    } else if (slope_shape.size() == 1 && data_shape.size() >= 2 && slope_shape[0] == data_shape[1]) {
        outer = data_shape[0], channels = data_shape[1], inner = devmux::ref::product(data_shape, 2, data_shape.size());
    } else if (slope_shape.size() == 1 && data_shape.size() == 1 && slope_shape[0] == data_shape[0]) {
        outer = 1, channels = n, inner = 1;
    } else {
        return 0;
    }
    const auto type = data.get_element_type();
    bool done = false;
    devmux::ref::dispatch_numeric(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        devmux::ref::dispatch_numeric(slope.get_element_type(), [&](auto slope_tag) {
            using S = typename decltype(slope_tag)::storage;
            using SC = typename decltype(slope_tag)::compute;
            Tensor& out = devmux::ref::prepare_output(outputs, 0, type, data_shape);
            const T* x = data.data<T>();
            const S* p = slope.data<S>();
            T* y = out.data<T>();
            for (size_t o = 0; o < outer; ++o)
                for (size_t c = 0; c < channels; ++c) {
                    const C s = static_cast<C>(static_cast<SC>(p[c]));
                    const size_t base = (o * channels + c) * inner;
                    for (size_t i = base; i < base + inner; ++i) {
                        const C v = static_cast<C>(x[i]);
                        y[i] = v < C(0) ? static_cast<T>(devmux::ref::wrap_mul(v, s)) : x[i];
                    }
                }
            done = true;
        });
    });
    return done ? 1 : -1;
}
}  // namespace

PRelu::PRelu(const Output<Node>& data, const Output<Node>& slope) : Op({data, slope}) {
    constructor_validate_and_infer_types();
}

void PRelu::validate_and_infer_types() {
    if (get_input_size() != 2)
        OPENVINO_THROW(describe(*this), ": expects 2 inputs (data, slope), got ", get_input_size());
    // OpenVINO takes the output type from the data alone, and real IRs rely on it: the FP16 variants of
    // landmarks-regression-retail-0009 feed f16 data with f32 slopes. So the types may differ.
    const auto& data_type = get_input_element_type(0);
    const auto& slope_type = get_input_element_type(1);
    if (data_type == element::boolean || slope_type == element::boolean)
        OPENVINO_THROW(describe(*this), ": boolean inputs are not supported (data ", data_type, ", slope ", slope_type,
                       ")");
    const auto& data_shape = get_input_partial_shape(0);
    const auto& slope_shape = get_input_partial_shape(1);
    // The slope may stretch to the data but must not grow it: the output has the data's shape.
    PartialShape merged;
    const PartialShape read_slope = devmux::ref::prelu_slope_shape(data_shape, slope_shape);
    const bool fits =
        devmux::ref::numpy_broadcast_shape(data_shape, read_slope, merged) &&
        (!data_shape.rank_is_static() || !merged.rank_is_static() ||
         (merged.size() == data_shape.size() && merged.compatible(data_shape)));
    if (!fits)
        OPENVINO_THROW(describe(*this), ": slope shape ", slope_shape, " does not broadcast to data shape ", data_shape,
                       " (expected a shape numpy-broadcastable to the data, or a 1-D slope of the",
                       " channel dimension's length)");
    set_output_type(0, data_type, data_shape);
}

bool PRelu::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> PRelu::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 2)
        OPENVINO_THROW(describe(*this), ": expects 2 inputs (data, slope), got ", new_args.size());
    return std::make_shared<PRelu>(new_args[0], new_args[1]);
}

bool PRelu::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    const Tensor& data = inputs[0];
    const Tensor& slope = inputs[1];
    const auto type = data.get_element_type();
    if (const auto fast = evaluate_per_channel(outputs, data, slope))
        return fast > 0;
    const Shape data_shape = data.get_shape();
    const Shape slope_shape = devmux::ref::prelu_slope_shape(data_shape, slope.get_shape());
    Shape merged;
    if (!devmux::ref::numpy_broadcast_shape(data_shape, slope_shape, merged) || merged != data_shape)
        OPENVINO_THROW(describe(*this), ": slope shape ", slope.get_shape(), " does not broadcast to data shape ",
                       data_shape);
    bool done = false;
    devmux::ref::dispatch_numeric(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        // The slope, whatever its own element type, in the data's compute type.
        std::vector<C> s(slope.get_size());
        const bool slope_known = devmux::ref::dispatch_numeric(slope.get_element_type(), [&](auto slope_tag) {
            using S = typename decltype(slope_tag)::storage;
            using SC = typename decltype(slope_tag)::compute;
            const S* p = slope.data<S>();
            for (size_t k = 0; k < s.size(); ++k)
                s[k] = static_cast<C>(static_cast<SC>(p[k]));
        });
        if (!slope_known)
            return;
        Tensor& out = devmux::ref::prepare_output(outputs, 0, type, data_shape);
        const T* x = data.data<T>();
        T* y = out.data<T>();
        devmux::ref::for_each_broadcast_ref<2>(
            data_shape, {data_shape, slope_shape}, [&](size_t o, const std::array<size_t, 2>& i) {
                const C v = static_cast<C>(x[i[0]]);
                y[o] = v < C(0) ? static_cast<T>(devmux::ref::wrap_mul(v, s[i[1]])) : x[i[0]];
            });
        done = true;
    });
    return done;
}

bool PRelu::has_evaluate() const {
    return get_input_size() == 2 && devmux::ref::dispatch_numeric(get_input_element_type(0), [](auto) {}) &&
           devmux::ref::dispatch_numeric(get_input_element_type(1), [](auto) {});
}

}  // namespace v0
}  // namespace op
}  // namespace ov

