// SPDX-License-Identifier: Apache-2.0
// DFT-7, IDFT-7, RDFT-9 and IRDFT-9: one shape inference (which axes, what sizes) and one reference, a
// separable transform computed in double one axis at a time, O(n^2) per line (exact, not fast).
#include <cmath>
#include <complex>
#include <set>

#include "openvino/op/dft.hpp"
#include "openvino/op/idft.hpp"
#include "openvino/op/irdft.hpp"
#include "openvino/op/rdft.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

enum class Kind { DFT, IDFT, RDFT, IRDFT };

bool complex_input(Kind kind) { return kind != Kind::RDFT; }

// What the axes and signal_size inputs say, when known.
struct FFTParams {
    bool axes_known = false;
    std::vector<int64_t> axes;   // normalised
    bool sizes_known = false;    // signal_size known (or absent)
    std::vector<int64_t> sizes;  // one per axis, -1 for "the axis' own size"
};

// Normalises and checks axes against the rank of the signal (the data rank less the complex dimension).
std::vector<int64_t> normalize_fft_axes(const Node& op, const std::vector<int64_t>& axes, int64_t signal_rank) {
    std::vector<int64_t> out;
    std::set<int64_t> seen;
    for (auto a : axes) {
        DEVMUX_NODE_CHECK(op, a >= -signal_rank && a < signal_rank, "axes entry ", a, " is out of range [",
                          -signal_rank, ", ", signal_rank - 1, "]");
        const int64_t n = a < 0 ? a + signal_rank : a;
        DEVMUX_NODE_CHECK(op, seen.insert(n).second, "axes must be unique, axis ", a, " repeats");
        out.push_back(n);
    }
    return out;
}

void check_fft_inputs(const Node& op, Kind kind) {
    DEVMUX_NODE_CHECK(op, op.get_input_size() == 2 || op.get_input_size() == 3,
                      "expects 2 or 3 inputs (data, axes[, signal_size]), got ", op.get_input_size());
    const auto& type = op.get_input_element_type(0);
    DEVMUX_NODE_CHECK(op, type.is_dynamic() || type.is_real(), "data must have a floating-point element type, got ",
                      type);
    devmux::ref::check_integral_input(op, 1, "axes");
    const auto& axes = op.get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(op, axes.rank().compatible(1), "axes must be 1-D, got shape ", axes);
    if (op.get_input_size() == 3) {
        devmux::ref::check_integral_input(op, 2, "signal_size");
        const auto& sizes = op.get_input_partial_shape(2);
        DEVMUX_NODE_CHECK(op, sizes.rank().compatible(1), "signal_size must be 1-D, got shape ", sizes);
        if (axes.rank_is_static() && sizes.rank_is_static())
            DEVMUX_NODE_CHECK(op, axes[0].compatible(sizes[0]), "signal_size ", sizes, " and axes ", axes,
                              " must have the same number of entries");
    }
    const auto& data = op.get_input_partial_shape(0);
    if (data.rank_is_static()) {
        if (complex_input(kind)) {
            DEVMUX_NODE_CHECK(op, data.size() >= 2, "data must have rank 2 or more (a complex tensor [..., 2]), got ",
                              data);
            DEVMUX_NODE_CHECK(op, data[data.size() - 1].compatible(2),
                              "the last dimension of data must be 2 (real, imaginary), got shape ", data);
        } else {
            DEVMUX_NODE_CHECK(op, data.size() >= 1, "data must have rank 1 or more, got a scalar");
        }
        if (axes.rank_is_static() && axes[0].is_static()) {
            const int64_t signal_rank = static_cast<int64_t>(data.size()) - (complex_input(kind) ? 1 : 0);
            DEVMUX_NODE_CHECK(op, axes[0].get_length() <= signal_rank, "axes has ", axes[0], " entries, more than the ",
                              signal_rank, " signal axes of data ", data);
        }
    }
}

// The output dimensions of the signal (no complex dimension) for known axes and sizes.
std::vector<Dimension> signal_output(const Node& op, Kind kind, std::vector<Dimension> dims,
                                     const std::vector<int64_t>& axes, const std::vector<int64_t>* sizes) {
    for (size_t k = 0; k < axes.size(); ++k) {
        auto& d = dims[static_cast<size_t>(axes[k])];
        const bool last = k + 1 == axes.size();
        const int64_t s = sizes ? (*sizes)[k] : -1;
        if (sizes)
            DEVMUX_NODE_CHECK(op, s == -1 || s > 0, "signal_size entry ", s, " must be positive or -1");
        if (kind == Kind::RDFT && last) {
            const Dimension n = s == -1 ? d : Dimension(s);
            d = n.is_static() ? Dimension(n.get_length() / 2 + 1) : Dimension::dynamic();
        } else if (kind == Kind::IRDFT && last) {
            d = s != -1 ? Dimension(s) : (d.is_static() ? Dimension(2 * (d.get_length() - 1)) : Dimension::dynamic());
        } else if (s != -1) {
            d = Dimension(s);
        }
    }
    return dims;
}

void infer_fft(Node& op, Kind kind) {
    check_fft_inputs(op, kind);
    const auto& type = op.get_input_element_type(0);
    const auto& data = op.get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        op.set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const int64_t signal_rank = static_cast<int64_t>(data.size()) - (complex_input(kind) ? 1 : 0);
    std::vector<Dimension> dims(data.begin(), data.begin() + signal_rank);
    const auto axes_value = devmux::ref::constant_input(op, 1);
    const bool has_sizes = op.get_input_size() == 3;
    const auto sizes_value = has_sizes ? devmux::ref::constant_input(op, 2) : nullptr;
    if (!axes_value) {
        // Without the axes every signal axis may change, except that a plain DFT/IDFT keeps its shape.
        if (has_sizes || kind == Kind::RDFT || kind == Kind::IRDFT)
            dims.assign(dims.size(), Dimension::dynamic());
    } else {
        const auto axes = normalize_fft_axes(op, axes_value->cast_vector<int64_t>(), signal_rank);
        DEVMUX_NODE_CHECK(op, !axes.empty() || kind == Kind::DFT || kind == Kind::IDFT, "axes must not be empty");
        if (has_sizes && !sizes_value) {
            for (auto a : axes)
                dims[static_cast<size_t>(a)] = Dimension::dynamic();
        } else {
            std::vector<int64_t> sizes;
            if (sizes_value) {
                sizes = sizes_value->cast_vector<int64_t>();
                DEVMUX_NODE_CHECK(op, sizes.size() == axes.size(), "signal_size has ", sizes.size(), " entries for ",
                                  axes.size(), " axes");
            }
            dims = signal_output(op, kind, dims, axes, sizes_value ? &sizes : nullptr);
        }
    }
    if (kind != Kind::IRDFT)
        dims.push_back(Dimension(2));
    op.set_output_type(0, type, PartialShape(dims));
}

using Complex = std::complex<double>;

// A dense complex array with its shape.
struct Signal {
    Shape shape;
    std::vector<Complex> values;
};

// Trims or zero-pads `axis` of s to `size`.
void resize_axis(Signal& s, size_t axis, size_t size) {
    const size_t old = s.shape[axis];
    if (old == size)
        return;
    const size_t outer = devmux::ref::product(s.shape, 0, axis);
    const size_t inner = devmux::ref::product(s.shape, axis + 1, s.shape.size());
    std::vector<Complex> next(outer * size * inner);
    for (size_t o = 0; o < outer; ++o)
        for (size_t i = 0; i < std::min(old, size); ++i)
            for (size_t j = 0; j < inner; ++j)
                next[(o * size + i) * inner + j] = s.values[(o * old + i) * inner + j];
    s.shape[axis] = size;
    s.values.swap(next);
}

// One-dimensional DFT along `axis` (sign -1 forward, +1 inverse, unnormalised).
void transform_axis(Signal& s, size_t axis, double sign) {
    const size_t n = s.shape[axis];
    const size_t outer = devmux::ref::product(s.shape, 0, axis);
    const size_t inner = devmux::ref::product(s.shape, axis + 1, s.shape.size());
    std::vector<Complex> twiddle(n);
    for (size_t k = 0; k < n; ++k)
        twiddle[k] = std::polar(1.0, sign * 2.0 * M_PI * static_cast<double>(k) / static_cast<double>(n));
    std::vector<Complex> line(n);
    for (size_t o = 0; o < outer; ++o)
        for (size_t j = 0; j < inner; ++j) {
            Complex* base = &s.values[o * n * inner + j];
            for (size_t t = 0; t < n; ++t)
                line[t] = base[t * inner];
            for (size_t k = 0; k < n; ++k) {
                Complex sum = 0;
                for (size_t t = 0; t < n; ++t)
                    sum += line[t] * twiddle[(k * t) % n];
                base[k * inner] = sum;
            }
        }
}

// Hermitian extension along `axis` of a half spectrum of `half` entries to `full` entries, then the real
// part of the unnormalised inverse transform.
void complex_to_real_axis(Signal& s, size_t axis, size_t full) {
    const size_t half = full / 2 + 1;
    resize_axis(s, axis, half);
    const size_t outer = devmux::ref::product(s.shape, 0, axis);
    const size_t inner = devmux::ref::product(s.shape, axis + 1, s.shape.size());
    std::vector<Complex> next(outer * full * inner);
    std::vector<Complex> spectrum(full);
    for (size_t o = 0; o < outer; ++o)
        for (size_t j = 0; j < inner; ++j) {
            for (size_t k = 0; k < full; ++k)
                spectrum[k] = k < half ? s.values[(o * half + k) * inner + j]
                                       : std::conj(s.values[(o * half + (full - k)) * inner + j]);
            for (size_t t = 0; t < full; ++t) {
                double sum = 0.0;
                for (size_t k = 0; k < full; ++k)
                    sum += (spectrum[k] * std::polar(1.0, 2.0 * M_PI * static_cast<double>((k * t) % full) /
                                                              static_cast<double>(full)))
                               .real();
                next[(o * full + t) * inner + j] = sum;
            }
        }
    s.shape[axis] = full;
    s.values.swap(next);
}

bool evaluate_fft(const Node& op, Kind kind, TensorVector& outputs, const TensorVector& inputs) {
    DEVMUX_NODE_CHECK(op, inputs.size() == 2 || inputs.size() == 3, "evaluate() expects 2 or 3 inputs, got ",
                      inputs.size());
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    DEVMUX_NODE_CHECK(op, type.is_real(), "data must have a floating-point element type, got ", type);
    const Shape& ds = data.get_shape();
    const bool complex_in = complex_input(kind);
    DEVMUX_NODE_CHECK(op, !complex_in || (ds.size() >= 2 && ds.back() == 2),
                      "data must be a complex tensor [..., 2], got shape ", ds);
    DEVMUX_NODE_CHECK(op, ds.size() >= 1, "data must have rank 1 or more, got a scalar");
    const int64_t signal_rank = static_cast<int64_t>(ds.size()) - (complex_in ? 1 : 0);
    const auto axes = normalize_fft_axes(op, devmux::ref::tensor_to_i64(inputs[1]), signal_rank);
    std::vector<int64_t> sizes(axes.size(), -1);
    if (inputs.size() == 3) {
        sizes = devmux::ref::tensor_to_i64(inputs[2]);
        DEVMUX_NODE_CHECK(op, sizes.size() == axes.size(), "signal_size has ", sizes.size(), " entries for ",
                          axes.size(), " axes");
    }
    std::vector<Dimension> in_dims(ds.begin(), ds.begin() + signal_rank);
    const auto out_dims = signal_output(op, kind, in_dims, axes, &sizes);
    DEVMUX_NODE_CHECK(op, !axes.empty() || kind == Kind::DFT || kind == Kind::IDFT, "axes must not be empty");

    Signal s;
    s.shape = Shape(ds.begin(), ds.begin() + signal_rank);
    s.values.resize(shape_size(s.shape));
    {
        devmux::ref::InputBuffer<double> in(data);
        for (size_t i = 0; i < s.values.size(); ++i)
            s.values[i] = complex_in ? Complex(in.data()[2 * i], in.data()[2 * i + 1]) : Complex(in.data()[i], 0.0);
    }
    const double sign = (kind == Kind::DFT || kind == Kind::RDFT) ? -1.0 : 1.0;
    double scale = 1.0;
    for (size_t k = 0; k < axes.size(); ++k) {
        const auto axis = static_cast<size_t>(axes[k]);
        const bool last = k + 1 == axes.size();
        if (kind == Kind::IRDFT && last)
            continue;  // done last, as a complex-to-real transform
        const size_t n = sizes[k] == -1 ? s.shape[axis] : static_cast<size_t>(sizes[k]);
        resize_axis(s, axis, n);
        transform_axis(s, axis, sign);
        if (kind == Kind::IDFT || kind == Kind::IRDFT)
            scale *= static_cast<double>(n);
    }
    if (kind == Kind::IRDFT && !axes.empty()) {
        const auto axis = static_cast<size_t>(axes.back());
        const size_t full = static_cast<size_t>(out_dims[axis].get_length());
        DEVMUX_NODE_CHECK(op, full > 0, "the output size of the last axis must be positive, got ", full);
        complex_to_real_axis(s, axis, full);
        scale *= static_cast<double>(full);
    }
    if (kind == Kind::RDFT && !axes.empty())
        resize_axis(s, static_cast<size_t>(axes.back()), static_cast<size_t>(out_dims[axes.back()].get_length()));

    Shape out_shape = s.shape;
    if (kind != Kind::IRDFT)
        out_shape.push_back(2);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    devmux::ref::OutputBuffer<double> result(out);
    for (size_t i = 0; i < s.values.size(); ++i) {
        const Complex v = s.values[i] / scale;
        if (kind == Kind::IRDFT) {
            result.data()[i] = v.real();
        } else {
            result.data()[2 * i] = v.real();
            result.data()[2 * i + 1] = v.imag();
        }
    }
    result.commit();
    return true;
}

}  // namespace

namespace util {

FFTBase::FFTBase(const Output<Node>& data, const Output<Node>& axes) : Op({data, axes}) {}
FFTBase::FFTBase(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size)
    : Op({data, axes, signal_size}) {}

bool FFTBase::visit_attributes(AttributeVisitor&) { return true; }

bool FFTBase::has_evaluate() const { return get_input_element_type(0).is_real(); }

}  // namespace util

#define DEVMUX_FFT_OP(NS, CLASS, KIND)                                                                              \
    namespace NS {                                                                                                  \
    CLASS::CLASS(const Output<Node>& data, const Output<Node>& axes) : FFTBase(data, axes) {                        \
        constructor_validate_and_infer_types();                                                                     \
    }                                                                                                               \
    CLASS::CLASS(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size)               \
        : FFTBase(data, axes, signal_size) {                                                                        \
        constructor_validate_and_infer_types();                                                                     \
    }                                                                                                               \
    void CLASS::validate_and_infer_types() { infer_fft(*this, KIND); }                                              \
    std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& new_args) const {                        \
        DEVMUX_NODE_CHECK(*this, new_args.size() == 2 || new_args.size() == 3, "clone expects 2 or 3 inputs, got ", \
                          new_args.size());                                                                         \
        if (new_args.size() == 3)                                                                                   \
            return std::make_shared<CLASS>(new_args[0], new_args[1], new_args[2]);                                  \
        return std::make_shared<CLASS>(new_args[0], new_args[1]);                                                   \
    }                                                                                                               \
    bool CLASS::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                                 \
        return evaluate_fft(*this, KIND, outputs, inputs);                                                          \
    }                                                                                                               \
    }

DEVMUX_FFT_OP(v7, DFT, Kind::DFT)
DEVMUX_FFT_OP(v7, IDFT, Kind::IDFT)
DEVMUX_FFT_OP(v9, RDFT, Kind::RDFT)
DEVMUX_FFT_OP(v9, IRDFT, Kind::IRDFT)

#undef DEVMUX_FFT_OP

}  // namespace op
}  // namespace ov
