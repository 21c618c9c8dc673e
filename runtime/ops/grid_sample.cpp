// SPDX-License-Identifier: Apache-2.0
// GridSample-9: the reference follows PyTorch's grid_sample (which the specification describes), computed
// in double.
#include "openvino/op/grid_sample.hpp"

#include <cmath>
#include <string>

#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v9 {

namespace {

template <typename Enum>
struct Named {
    Enum value;
    const char* name;
};

const Named<GridSample::InterpolationMode> interpolation_names[] = {
    {GridSample::InterpolationMode::BILINEAR, "bilinear"},
    {GridSample::InterpolationMode::BICUBIC, "bicubic"},
    {GridSample::InterpolationMode::NEAREST, "nearest"}};
const Named<GridSample::PaddingMode> padding_names[] = {{GridSample::PaddingMode::ZEROS, "zeros"},
                                                        {GridSample::PaddingMode::BORDER, "border"},
                                                        {GridSample::PaddingMode::REFLECTION, "reflection"}};

template <typename Enum, size_t N>
std::istream& read_named(std::istream& is, Enum& v, const Named<Enum> (&names)[N], const char* what) {
    std::string text;
    is >> text;
    for (const auto& n : names)
        if (text == n.name) {
            v = n.value;
            return is;
        }
    OPENVINO_THROW("'", text, "' is not a valid GridSample ", what);
}

template <typename Enum, size_t N>
std::ostream& write_named(std::ostream& os, Enum v, const Named<Enum> (&names)[N]) {
    for (const auto& n : names)
        if (n.value == v)
            return os << n.name;
    return os << static_cast<int>(v);
}

using Mode = GridSample::InterpolationMode;
using Padding = GridSample::PaddingMode;

// Normalised [-1, 1] to pixel coordinates.
double unnormalize(double v, int64_t size, bool align_corners) {
    return align_corners ? (v + 1.0) / 2.0 * static_cast<double>(size - 1)
                         : ((v + 1.0) * static_cast<double>(size) - 1.0) / 2.0;
}

// Mirrors v into [low, high] (given doubled, as PyTorch does, so half-pixel bounds stay integral).
double reflect(double v, int64_t twice_low, int64_t twice_high) {
    if (twice_low == twice_high)
        return 0.0;
    const double low = static_cast<double>(twice_low) / 2.0;
    const double span = static_cast<double>(twice_high - twice_low) / 2.0;
    v = std::fabs(v - low);
    const double extra = std::fmod(v, span);
    const auto flips = static_cast<int64_t>(std::floor(v / span));
    return flips % 2 == 0 ? extra + low : span - extra + low;
}

double clip(double v, int64_t size) { return std::min(static_cast<double>(size - 1), std::max(v, 0.0)); }

// Applies the border or reflection padding to a pixel coordinate (zeros padding leaves it alone).
double pad_coordinate(double v, int64_t size, Padding padding, bool align_corners) {
    if (padding == Padding::BORDER)
        return clip(v, size);
    if (padding == Padding::REFLECTION) {
        v = align_corners ? reflect(v, 0, 2 * (size - 1)) : reflect(v, -1, 2 * size - 1);
        return clip(v, size);
    }
    return v;
}

double cubic_near(double x, double a) { return ((a + 2) * x - (a + 3)) * x * x + 1; }
double cubic_far(double x, double a) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; }

struct Plane {
    const double* data;
    int64_t height, width;
    double at(int64_t y, int64_t x) const {
        return (y >= 0 && y < height && x >= 0 && x < width) ? data[y * width + x] : 0.0;
    }
};

double sample(const Plane& p, double gx, double gy, const GridSample::Attributes& attrs) {
    const bool ac = attrs.align_corners;
    double x = unnormalize(gx, p.width, ac);
    double y = unnormalize(gy, p.height, ac);
    if (attrs.mode == Mode::BICUBIC) {
        // Taps are padded one by one (PyTorch's bounded reads), not the sampling point.
        const double x0 = std::floor(x), y0 = std::floor(y);
        const double tx = x - x0, ty = y - y0;
        const double a = -0.75;
        const double wx[4] = {cubic_far(tx + 1, a), cubic_near(tx, a), cubic_near(1 - tx, a), cubic_far(2 - tx, a)};
        const double wy[4] = {cubic_far(ty + 1, a), cubic_near(ty, a), cubic_near(1 - ty, a), cubic_far(2 - ty, a)};
        double sum = 0.0;
        for (int i = 0; i < 4; ++i) {
            double row = 0.0;
            for (int j = 0; j < 4; ++j) {
                const double px = pad_coordinate(x0 - 1 + j, p.width, attrs.padding_mode, ac);
                const double py = pad_coordinate(y0 - 1 + i, p.height, attrs.padding_mode, ac);
                row += wx[j] * p.at(static_cast<int64_t>(py), static_cast<int64_t>(px));
            }
            sum += wy[i] * row;
        }
        return sum;
    }
    x = pad_coordinate(x, p.width, attrs.padding_mode, ac);
    y = pad_coordinate(y, p.height, attrs.padding_mode, ac);
    if (!std::isfinite(x) || !std::isfinite(y))
        return 0.0;
    if (attrs.mode == Mode::NEAREST)
        return p.at(static_cast<int64_t>(std::nearbyint(y)), static_cast<int64_t>(std::nearbyint(x)));
    const double x0 = std::floor(x), y0 = std::floor(y);
    const double dx = x - x0, dy = y - y0;
    const auto xi = static_cast<int64_t>(x0), yi = static_cast<int64_t>(y0);
    return (1 - dy) * ((1 - dx) * p.at(yi, xi) + dx * p.at(yi, xi + 1)) +
           dy * ((1 - dx) * p.at(yi + 1, xi) + dx * p.at(yi + 1, xi + 1));
}

}  // namespace

std::ostream& operator<<(std::ostream& os, GridSample::InterpolationMode mode) {
    return write_named(os, mode, interpolation_names);
}
std::istream& operator>>(std::istream& is, GridSample::InterpolationMode& mode) {
    return read_named(is, mode, interpolation_names, "mode");
}
std::ostream& operator<<(std::ostream& os, GridSample::PaddingMode mode) {
    return write_named(os, mode, padding_names);
}
std::istream& operator>>(std::istream& is, GridSample::PaddingMode& mode) {
    return read_named(is, mode, padding_names, "padding_mode");
}

GridSample::GridSample(const Output<Node>& data, const Output<Node>& grid, const Attributes& attributes)
    : Op({data, grid}), m_attributes(attributes) {
    constructor_validate_and_infer_types();
}

bool GridSample::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("align_corners", m_attributes.align_corners);
    visitor.on_attribute("mode", m_attributes.mode);
    visitor.on_attribute("padding_mode", m_attributes.padding_mode);
    return true;
}

void GridSample::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, grid), got ", get_input_size());
    const auto& grid_type = get_input_element_type(1);
    DEVMUX_NODE_CHECK(*this, grid_type.is_dynamic() || grid_type.is_real(),
                      "grid must have a floating-point element type, got ", grid_type);
    const auto& data_type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, data_type.is_dynamic() || data_type != element::boolean,
                      "data must have a numeric element type, got ", data_type);
    const auto& data = get_input_partial_shape(0);
    const auto& grid = get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(*this, data.rank().compatible(4), "data must have rank 4 [N, C, H, W], got shape ", data);
    DEVMUX_NODE_CHECK(*this, grid.rank().compatible(4), "grid must have rank 4 [N, H_out, W_out, 2], got shape ", grid);
    std::vector<Dimension> out(4, Dimension::dynamic());
    if (data.rank_is_static()) {
        out[0] = data[0];
        out[1] = data[1];
    }
    if (grid.rank_is_static()) {
        DEVMUX_NODE_CHECK(*this, grid[3].compatible(2), "grid's last dimension must be 2 (x, y), got shape ", grid);
        DEVMUX_NODE_CHECK(*this, Dimension::merge(out[0], out[0], grid[0]), "batch sizes of data ", data, " and grid ",
                          grid, " do not match");
        out[2] = grid[1];
        out[3] = grid[2];
    }
    set_output_type(0, data_type, PartialShape(out));
}

std::shared_ptr<Node> GridSample::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<GridSample>(new_args[0], new_args[1], m_attributes);
}

bool GridSample::has_evaluate() const { return get_input_element_type(0).is_real(); }

bool GridSample::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2, "evaluate() expects 2 inputs, got ", inputs.size());
    const Shape& ds = inputs[0].get_shape();
    const Shape& gs = inputs[1].get_shape();
    DEVMUX_NODE_CHECK(*this, ds.size() == 4 && gs.size() == 4 && gs[3] == 2 && gs[0] == ds[0],
                      "expects data [N, C, H, W] and grid [N, H_out, W_out, 2], got ", ds, " and ", gs);
    const auto type = inputs[0].get_element_type();
    DEVMUX_NODE_CHECK(*this, type.is_real(), "data element type must be floating point, got ", type);
    const size_t n_batch = ds[0], channels = ds[1], oh = gs[1], ow = gs[2];
    devmux::ref::InputBuffer<double> data(inputs[0]);
    devmux::ref::InputBuffer<double> grid(inputs[1]);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, Shape{n_batch, channels, oh, ow});
    devmux::ref::OutputBuffer<double> result(out);
    const size_t plane = ds[2] * ds[3];
    for (size_t n = 0; n < n_batch; ++n)
        for (size_t c = 0; c < channels; ++c) {
            const Plane p{data.data() + (n * channels + c) * plane, static_cast<int64_t>(ds[2]),
                          static_cast<int64_t>(ds[3])};
            double* dst = result.data() + (n * channels + c) * oh * ow;
            for (size_t i = 0; i < oh * ow; ++i) {
                const double* xy = grid.data() + (n * oh * ow + i) * 2;
                dst[i] = sample(p, xy[0], xy[1], m_attributes);
            }
        }
    result.commit();
    return true;
}

}  // namespace v9
}  // namespace op
}  // namespace ov
