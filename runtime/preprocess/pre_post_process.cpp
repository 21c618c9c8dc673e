// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/preprocess/pre_post_process.hpp"

#include <algorithm>
#include <sstream>

#include "core/layout_names.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/gather.hpp"
#include "openvino/op/interpolate.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/strided_slice.hpp"
#include "openvino/op/subtract.hpp"
#include "openvino/op/transpose.hpp"

namespace ov {
namespace preprocess {

using detail::Step;

// ---- recording -------------------------------------------------------------------------------------

InputTensorInfo& InputTensorInfo::set_element_type(const element::Type& type) {
    m_type = type;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_shape(const PartialShape& shape) {
    m_shape = shape;
    m_shape_set = true;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_spatial_dynamic_shape() {
    m_spatial_dynamic = true;
    m_height = m_width = -1;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_spatial_static_shape(size_t height, size_t width) {
    m_spatial_dynamic = false;
    m_height = static_cast<int64_t>(height);
    m_width = static_cast<int64_t>(width);
    return *this;
}
InputTensorInfo& InputTensorInfo::set_color_format(const ColorFormat& format, const std::vector<std::string>&) {
    m_color = format;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_memory_type(const std::string& memory_type) {
    m_memory_type = memory_type;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_from(const Tensor& runtime_tensor) {
    set_element_type(runtime_tensor.get_element_type());
    return set_shape(runtime_tensor.get_shape());
}

namespace {
Step make_step(Step::Kind kind) {
    Step s;
    s.kind = kind;
    return s;
}
}  // namespace

PreProcessSteps& PreProcessSteps::convert_element_type(const element::Type& type) {
    auto s = make_step(Step::Kind::convert_element_type);
    s.type = type;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::convert_color(const ColorFormat& dst_format) {
    auto s = make_step(Step::Kind::convert_color);
    s.color = dst_format;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::scale(float value) { return scale(std::vector<float>{value}); }
PreProcessSteps& PreProcessSteps::scale(const std::vector<float>& values) {
    OPENVINO_ASSERT(!values.empty(), "PreProcessSteps::scale needs at least one value");
    for (float v : values)
        OPENVINO_ASSERT(v != 0.0f, "PreProcessSteps::scale: a scale of 0 would divide by zero");
    auto s = make_step(Step::Kind::scale);
    s.values = values;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::mean(float value) { return mean(std::vector<float>{value}); }
PreProcessSteps& PreProcessSteps::mean(const std::vector<float>& values) {
    OPENVINO_ASSERT(!values.empty(), "PreProcessSteps::mean needs at least one value");
    auto s = make_step(Step::Kind::mean);
    s.values = values;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::custom(const CustomPreprocessOp& preprocess_cb) {
    OPENVINO_ASSERT(static_cast<bool>(preprocess_cb), "PreProcessSteps::custom needs a function");
    auto s = make_step(Step::Kind::custom);
    s.custom = preprocess_cb;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::resize(ResizeAlgorithm alg, size_t dst_height, size_t dst_width) {
    auto s = make_step(Step::Kind::resize);
    s.algorithm = alg;
    s.height = static_cast<int64_t>(dst_height);
    s.width = static_cast<int64_t>(dst_width);
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::resize(ResizeAlgorithm alg) {
    auto s = make_step(Step::Kind::resize);
    s.algorithm = alg;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::crop(std::vector<int> begin, std::vector<int> end) {
    OPENVINO_ASSERT(begin.size() == end.size(), "PreProcessSteps::crop: begin has ", begin.size(),
                    " values but end has ", end.size());
    auto s = make_step(Step::Kind::crop);
    s.begin = std::move(begin);
    s.end = std::move(end);
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::convert_layout(const Layout& dst_layout) {
    auto s = make_step(Step::Kind::convert_layout);
    s.layout = dst_layout;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::convert_layout(const std::vector<uint64_t>& dims) {
    auto s = make_step(Step::Kind::convert_dims);
    s.dims = dims;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::reverse_channels() {
    m_steps.push_back(make_step(Step::Kind::reverse_channels));
    return *this;
}

InputModelInfo& InputModelInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}

OutputTensorInfo& OutputTensorInfo::set_element_type(const element::Type& type) {
    m_type = type;
    return *this;
}
OutputTensorInfo& OutputTensorInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}

PostProcessSteps& PostProcessSteps::convert_element_type(const element::Type& type) {
    auto s = make_step(Step::Kind::convert_element_type);
    s.type = type;
    m_steps.push_back(s);
    return *this;
}
PostProcessSteps& PostProcessSteps::convert_layout(const Layout& dst_layout) {
    auto s = make_step(Step::Kind::convert_layout);
    s.layout = dst_layout;
    m_steps.push_back(s);
    return *this;
}
PostProcessSteps& PostProcessSteps::convert_layout(const std::vector<uint64_t>& dims) {
    auto s = make_step(Step::Kind::convert_dims);
    s.dims = dims;
    m_steps.push_back(s);
    return *this;
}
PostProcessSteps& PostProcessSteps::custom(const CustomPostprocessOp& postprocess_cb) {
    OPENVINO_ASSERT(static_cast<bool>(postprocess_cb), "PostProcessSteps::custom needs a function");
    auto s = make_step(Step::Kind::custom);
    s.custom = postprocess_cb;
    m_steps.push_back(s);
    return *this;
}

OutputModelInfo& OutputModelInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}

// ---- building --------------------------------------------------------------------------------------

namespace {

// The node output being built, with what is known about it.
struct Current {
    Output<Node> value;
    Layout layout;
    ColorFormat color = ColorFormat::UNDEFINED;
    std::string what;  // "input 'data'", for error messages

    size_t rank() const {
        const auto& shape = value.get_partial_shape();
        OPENVINO_ASSERT(shape.rank_is_static(), "Preprocessing of ", what, ": the tensor rank is not known");
        return shape.size();
    }
    size_t axis_of(const char* name) const {
        OPENVINO_ASSERT(!layout.empty() && layout.has_name(name), "Preprocessing of ", what, ": the step needs a layout with ",
                        name, ", but the layout is '", layout.to_string(), "'; set one with tensor().set_layout()");
        int64_t axis = layout.get_index_by_name(name);
        if (axis < 0)
            axis += static_cast<int64_t>(rank());
        return static_cast<size_t>(axis);
    }
};

std::shared_ptr<op::v0::Constant> i64_constant(const std::vector<int64_t>& values) {
    return std::make_shared<op::v0::Constant>(element::i64, Shape{values.size()}, values);
}

void transpose(Current& cur, const std::vector<int64_t>& perm) {
    bool identity = true;
    for (size_t i = 0; i < perm.size(); ++i)
        identity = identity && perm[i] == static_cast<int64_t>(i);
    if (!identity)
        cur.value = std::make_shared<op::v1::Transpose>(cur.value, i64_constant(perm));
}

void convert_layout_to(Current& cur, const Layout& target) {
    if (target.empty() || target == cur.layout)
        return;
    OPENVINO_ASSERT(!cur.layout.empty(), "Preprocessing of ", cur.what, ": cannot convert to layout ", target,
                    " from an unknown layout; set the tensor's layout");
    const size_t rank = cur.rank();
    const auto from = LayoutNames::of(cur.layout, rank);
    const auto to = LayoutNames::of(target, rank);
    std::vector<int64_t> perm(rank);
    for (size_t i = 0; i < rank; ++i) {
        const auto it = std::find(from.begin(), from.end(), to[i]);
        OPENVINO_ASSERT(to[i] != "?" && it != from.end(), "Preprocessing of ", cur.what, ": cannot convert layout ",
                        cur.layout, " to ", target, ": dimension '", to[i], "' has no match");
        perm[i] = it - from.begin();
    }
    transpose(cur, perm);
    cur.layout = target;
}

void convert_dims(Current& cur, const std::vector<uint64_t>& dims) {
    const size_t rank = cur.rank();
    OPENVINO_ASSERT(dims.size() == rank, "Preprocessing of ", cur.what, ": convert_layout got ", dims.size(),
                    " dimensions for a tensor of rank ", rank);
    std::vector<int64_t> perm(dims.begin(), dims.end());
    if (!cur.layout.empty()) {
        const auto from = LayoutNames::of(cur.layout, rank);
        std::vector<std::string> to(rank);
        for (size_t i = 0; i < rank; ++i) {
            OPENVINO_ASSERT(dims[i] < rank, "Preprocessing of ", cur.what, ": convert_layout dimension ", dims[i],
                            " is out of range for rank ", rank);
            to[i] = from[dims[i]];
        }
        cur.layout = LayoutNames::make(to);
    }
    transpose(cur, perm);
}

void convert_type(Current& cur, const element::Type& type) {
    if (type.is_static() && cur.value.get_element_type() != type)
        cur.value = std::make_shared<op::v0::Convert>(cur.value, type);
}

// A Constant holding per-channel values shaped to broadcast along the layout's C axis.
std::shared_ptr<op::v0::Constant> channel_constant(const Current& cur, const std::vector<float>& values,
                                                   const char* step) {
    const auto& type = cur.value.get_element_type();
    OPENVINO_ASSERT(type.is_real(), "Preprocessing of ", cur.what, ": ", step,
                    " needs a floating-point tensor, but it is ", type, "; add convert_element_type() before it");
    if (values.size() == 1)
        return std::make_shared<op::v0::Constant>(type, Shape{}, values);
    const size_t rank = cur.rank();
    const size_t c = cur.axis_of("C");
    const auto& dim = cur.value.get_partial_shape()[c];
    OPENVINO_ASSERT(dim.is_dynamic() || dim.get_length() == static_cast<int64_t>(values.size()), "Preprocessing of ",
                    cur.what, ": ", step, " has ", values.size(), " values but the tensor has ", dim, " channels");
    Shape shape(rank, 1);
    shape[c] = values.size();
    return std::make_shared<op::v0::Constant>(type, shape, values);
}

void reverse_channels(Current& cur) {
    const size_t c = cur.axis_of("C");
    const auto& dim = cur.value.get_partial_shape()[c];
    OPENVINO_ASSERT(dim.is_static(), "Preprocessing of ", cur.what, ": reversing channels needs a static channel count");
    std::vector<int64_t> order(static_cast<size_t>(dim.get_length()));
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int64_t>(order.size() - 1 - i);
    cur.value = std::make_shared<op::v8::Gather>(cur.value, i64_constant(order),
                                                 i64_constant({static_cast<int64_t>(c)}));
}

bool is_rgb_family(ColorFormat f) {
    return f == ColorFormat::RGB || f == ColorFormat::BGR || f == ColorFormat::RGBX || f == ColorFormat::BGRX;
}
bool is_red_first(ColorFormat f) { return f == ColorFormat::RGB || f == ColorFormat::RGBX; }
bool has_x(ColorFormat f) { return f == ColorFormat::RGBX || f == ColorFormat::BGRX; }

std::string color_name(ColorFormat f) {
    switch (f) {
    case ColorFormat::UNDEFINED: return "UNDEFINED";
    case ColorFormat::NV12_SINGLE_PLANE: return "NV12_SINGLE_PLANE";
    case ColorFormat::NV12_TWO_PLANES: return "NV12_TWO_PLANES";
    case ColorFormat::I420_SINGLE_PLANE: return "I420_SINGLE_PLANE";
    case ColorFormat::I420_THREE_PLANES: return "I420_THREE_PLANES";
    case ColorFormat::RGB: return "RGB";
    case ColorFormat::BGR: return "BGR";
    case ColorFormat::GRAY: return "GRAY";
    case ColorFormat::RGBX: return "RGBX";
    case ColorFormat::BGRX: return "BGRX";
    }
    return "?";
}

void convert_color(Current& cur, ColorFormat dst) {
    if (cur.color == dst)
        return;
    OPENVINO_ASSERT(is_rgb_family(cur.color) && (dst == ColorFormat::RGB || dst == ColorFormat::BGR),
                    "Preprocessing of ", cur.what, ": convert_color from ", color_name(cur.color), " to ",
                    color_name(dst), " is not supported by devmux (it converts RGB, BGR, RGBX and BGRX to RGB or BGR)");
    if (has_x(cur.color)) {
        // Drop the fourth channel.
        const size_t rank = cur.rank();
        const size_t c = cur.axis_of("C");
        std::vector<int64_t> begin(rank, 0), end(rank, 0), mask(rank, 1);
        end[c] = 3;
        mask[c] = 0;
        cur.value = std::make_shared<op::v1::StridedSlice>(cur.value, i64_constant(begin), i64_constant(end), mask, mask);
    }
    if (is_red_first(cur.color) != is_red_first(dst))
        reverse_channels(cur);
    cur.color = dst;
}

void resize(Current& cur, const Step& step, const PartialShape& model_shape, const Layout& model_layout) {
    const size_t h = cur.axis_of("H");
    const size_t w = cur.axis_of("W");
    int64_t height = step.height, width = step.width;
    if (height < 0) {
        OPENVINO_ASSERT(!model_layout.empty() && model_layout.has_name("H") && model_layout.has_name("W") &&
                            model_shape.rank_is_static(),
                        "Preprocessing of ", cur.what,
                        ": resize() without a size needs the model's layout with H and W; set input().model().set_layout()");
        int64_t mh = model_layout.get_index_by_name("H"), mw = model_layout.get_index_by_name("W");
        const auto rank = static_cast<int64_t>(model_shape.size());
        if (mh < 0)
            mh += rank;
        if (mw < 0)
            mw += rank;
        const auto& dh = model_shape[static_cast<size_t>(mh)];
        const auto& dw = model_shape[static_cast<size_t>(mw)];
        OPENVINO_ASSERT(dh.is_static() && dw.is_static(), "Preprocessing of ", cur.what,
                        ": resize() without a size needs the model's height and width to be static, they are ", dh,
                        " and ", dw);
        height = dh.get_length();
        width = dw.get_length();
    }
    using Attrs = op::util::InterpolateBase::InterpolateAttrs;
    using Mode = op::util::InterpolateBase::InterpolateMode;
    Attrs attrs;
    attrs.shape_calculation_mode = op::util::InterpolateBase::ShapeCalcMode::SIZES;
    attrs.coordinate_transformation_mode = op::util::InterpolateBase::CoordinateTransformMode::HALF_PIXEL;
    attrs.nearest_mode = op::util::InterpolateBase::NearestMode::ROUND_PREFER_FLOOR;
    switch (step.algorithm) {
    case ResizeAlgorithm::RESIZE_LINEAR: attrs.mode = Mode::LINEAR_ONNX; break;
    case ResizeAlgorithm::RESIZE_NEAREST: attrs.mode = Mode::NEAREST; break;
    case ResizeAlgorithm::RESIZE_CUBIC: attrs.mode = Mode::CUBIC; break;
    default:
        OPENVINO_THROW("Preprocessing of ", cur.what,
                       ": the Pillow resize algorithms are not supported by devmux; use RESIZE_LINEAR, RESIZE_NEAREST "
                       "or RESIZE_CUBIC");
    }
    cur.value = std::make_shared<op::v11::Interpolate>(cur.value, i64_constant({height, width}),
                                                       i64_constant({static_cast<int64_t>(h), static_cast<int64_t>(w)}),
                                                       attrs);
}

void crop(Current& cur, const Step& step) {
    const size_t rank = cur.rank();
    OPENVINO_ASSERT(step.begin.size() == rank, "Preprocessing of ", cur.what, ": crop got ", step.begin.size(),
                    " values for a tensor of rank ", rank);
    std::vector<int64_t> begin(step.begin.begin(), step.begin.end()), end(step.end.begin(), step.end.end());
    std::vector<int64_t> no_mask(rank, 0);
    cur.value = std::make_shared<op::v1::StridedSlice>(cur.value, i64_constant(begin), i64_constant(end), no_mask, no_mask);
}

void custom(Current& cur, const Step& step) {
    const auto out = step.custom(cur.value);
    OPENVINO_ASSERT(out.get_node(), "Preprocessing of ", cur.what, ": the custom step returned no node");
    cur.value = out;
}

std::string port_name(const Output<Node>& port, const char* kind, size_t index) {
    std::ostringstream os;
    os << kind << " " << index;
    if (!port.get_names().empty())
        os << " ('" << port.get_any_name() << "')";
    return os.str();
}

}  // namespace

PrePostProcessor::PrePostProcessor(const std::shared_ptr<Model>& model) : m_model(model) {
    OPENVINO_ASSERT(model, "PrePostProcessor needs a model");
    m_inputs.resize(model->get_parameters().size());
    m_outputs.resize(model->get_results().size());
}
PrePostProcessor::PrePostProcessor(PrePostProcessor&&) noexcept = default;
PrePostProcessor& PrePostProcessor::operator=(PrePostProcessor&&) noexcept = default;
PrePostProcessor::~PrePostProcessor() = default;

InputInfo& PrePostProcessor::input() {
    OPENVINO_ASSERT(m_inputs.size() == 1, "PrePostProcessor::input(): model '", m_model->get_friendly_name(), "' has ",
                    m_inputs.size(), " inputs; name one by tensor name or index");
    return input(size_t{0});
}
InputInfo& PrePostProcessor::input(size_t input_index) {
    OPENVINO_ASSERT(input_index < m_inputs.size(), "PrePostProcessor::input(", input_index, "): model '",
                    m_model->get_friendly_name(), "' has ", m_inputs.size(), " inputs");
    if (!m_inputs[input_index])
        m_inputs[input_index] = std::make_unique<InputInfo>();
    return *m_inputs[input_index];
}
InputInfo& PrePostProcessor::input(const std::string& tensor_name) {
    const auto& params = m_model->get_parameters();
    for (size_t i = 0; i < params.size(); ++i)
        if (params[i]->output(0).get_names().count(tensor_name))
            return input(i);
    OPENVINO_THROW("PrePostProcessor::input: model '", m_model->get_friendly_name(), "' has no input tensor named '",
                   tensor_name, "'");
}
OutputInfo& PrePostProcessor::output() {
    OPENVINO_ASSERT(m_outputs.size() == 1, "PrePostProcessor::output(): model '", m_model->get_friendly_name(),
                    "' has ", m_outputs.size(), " outputs; name one by tensor name or index");
    return output(size_t{0});
}
OutputInfo& PrePostProcessor::output(size_t output_index) {
    OPENVINO_ASSERT(output_index < m_outputs.size(), "PrePostProcessor::output(", output_index, "): model '",
                    m_model->get_friendly_name(), "' has ", m_outputs.size(), " outputs");
    if (!m_outputs[output_index])
        m_outputs[output_index] = std::make_unique<OutputInfo>();
    return *m_outputs[output_index];
}
OutputInfo& PrePostProcessor::output(const std::string& tensor_name) {
    const auto& results = m_model->get_results();
    for (size_t i = 0; i < results.size(); ++i)
        if (results[i]->input_value(0).get_names().count(tensor_name))
            return output(i);
    OPENVINO_THROW("PrePostProcessor::output: model '", m_model->get_friendly_name(), "' has no output tensor named '",
                   tensor_name, "'");
}

std::shared_ptr<Model> PrePostProcessor::build() {
    for (size_t i = 0; i < m_inputs.size(); ++i) {
        if (!m_inputs[i])
            continue;
        const InputInfo& info = *m_inputs[i];
        const auto old_param = m_model->get_parameters()[i];
        const auto& model_shape = old_param->get_partial_shape();
        const std::string what = port_name(old_param->output(0), "input", i);
        Layout model_layout = !info.m_model.m_layout.empty() ? info.m_model.m_layout : old_param->get_layout();
        if (model_layout.empty()) {
            // Unknown: the last explicit convert_layout says what the model expects.
            for (const auto& step : info.m_preprocess.m_steps)
                if (step.kind == Step::Kind::convert_layout && !step.layout.empty())
                    model_layout = step.layout;
        }
        const auto& t = info.m_tensor;
        OPENVINO_ASSERT(t.m_color != ColorFormat::NV12_SINGLE_PLANE && t.m_color != ColorFormat::NV12_TWO_PLANES &&
                            t.m_color != ColorFormat::I420_SINGLE_PLANE && t.m_color != ColorFormat::I420_THREE_PLANES &&
                            t.m_color != ColorFormat::GRAY,
                        "Preprocessing of ", what, ": color format ", color_name(t.m_color),
                        " is not supported by devmux (RGB, BGR, RGBX and BGRX are)");
        const Layout tensor_layout = !t.m_layout.empty() ? t.m_layout : model_layout;
        const element::Type tensor_type = t.m_type.is_static() ? t.m_type : old_param->get_element_type();

        PartialShape shape = model_shape;
        if (t.m_shape_set) {
            shape = t.m_shape;
        } else if (!tensor_layout.empty() && !model_layout.empty() && tensor_layout != model_layout &&
                   model_shape.rank_is_static()) {
            // The model's dimensions, in the tensor's order.
            const auto from = LayoutNames::of(model_layout, model_shape.size());
            const auto to = LayoutNames::of(tensor_layout, model_shape.size());
            std::vector<Dimension> dims(model_shape.size());
            for (size_t d = 0; d < dims.size(); ++d) {
                const auto it = std::find(from.begin(), from.end(), to[d]);
                dims[d] = it == from.end() ? Dimension::dynamic() : model_shape[static_cast<size_t>(it - from.begin())];
            }
            shape = PartialShape(dims);
        } else if (model_shape.rank_is_static()) {
            // Undo convert_layout(dims) steps, last first: step output axis i is its input axis dims[i].
            const auto& steps = info.m_preprocess.m_steps;
            for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
                if (it->kind != Step::Kind::convert_dims || it->dims.size() != shape.size())
                    continue;
                std::vector<Dimension> dims(shape.size());
                for (size_t d = 0; d < dims.size(); ++d)
                    if (it->dims[d] < dims.size())
                        dims[it->dims[d]] = shape[d];
                shape = PartialShape(dims);
            }
        }
        if (!t.m_shape_set && has_x(t.m_color) && !tensor_layout.empty() && tensor_layout.has_name("C") &&
            shape.rank_is_static()) {
            int64_t c = tensor_layout.get_index_by_name("C");
            if (c < 0)
                c += static_cast<int64_t>(shape.size());
            shape[static_cast<size_t>(c)] = 4;
        }
        if (t.m_spatial_dynamic || t.m_height >= 0) {
            OPENVINO_ASSERT(!tensor_layout.empty() && tensor_layout.has_name("H") && tensor_layout.has_name("W") &&
                                shape.rank_is_static(),
                            "Preprocessing of ", what, ": a spatial shape needs a tensor layout with H and W");
            int64_t h = tensor_layout.get_index_by_name("H"), w = tensor_layout.get_index_by_name("W");
            const auto rank = static_cast<int64_t>(shape.size());
            if (h < 0)
                h += rank;
            if (w < 0)
                w += rank;
            shape[static_cast<size_t>(h)] = t.m_spatial_dynamic ? Dimension::dynamic() : Dimension(t.m_height);
            shape[static_cast<size_t>(w)] = t.m_spatial_dynamic ? Dimension::dynamic() : Dimension(t.m_width);
        }

        auto new_param = std::make_shared<op::v0::Parameter>(tensor_type, shape);
        new_param->set_friendly_name(old_param->get_friendly_name());
        if (!tensor_layout.empty())
            new_param->set_layout(tensor_layout);

        Current cur{new_param->output(0), tensor_layout, t.m_color, what};
        for (const auto& step : info.m_preprocess.m_steps) {
            switch (step.kind) {
            case Step::Kind::convert_element_type:
                convert_type(cur, step.type.is_static() ? step.type : old_param->get_element_type());
                break;
            case Step::Kind::convert_layout:
                convert_layout_to(cur, step.layout.empty() ? model_layout : step.layout);
                break;
            case Step::Kind::convert_dims: convert_dims(cur, step.dims); break;
            case Step::Kind::resize: resize(cur, step, model_shape, model_layout); break;
            case Step::Kind::mean:
                cur.value = std::make_shared<op::v1::Subtract>(cur.value, channel_constant(cur, step.values, "mean"));
                break;
            case Step::Kind::scale:
                cur.value = std::make_shared<op::v1::Divide>(cur.value, channel_constant(cur, step.values, "scale"));
                break;
            case Step::Kind::convert_color: convert_color(cur, step.color); break;
            case Step::Kind::reverse_channels: reverse_channels(cur); break;
            case Step::Kind::crop: crop(cur, step); break;
            case Step::Kind::custom: custom(cur, step); break;
            }
        }
        // What the steps left undone to reach the model's input: type, then layout.
        convert_type(cur, old_param->get_element_type());
        if (!model_layout.empty() && !cur.layout.empty())
            convert_layout_to(cur, model_layout);
        OPENVINO_ASSERT(cur.value.get_partial_shape().compatible(model_shape), "Preprocessing of ", what,
                        ": after the steps the tensor has shape ", cur.value.get_partial_shape(),
                        " but the model input needs ", model_shape, " (add resize() or set the tensor's shape)");

        // The new Parameter takes the old one's place, names included.
        new_param->output(0).set_names(old_param->output(0).get_names());
        old_param->output(0).set_names({});
        for (const auto& target : old_param->output(0).get_target_inputs())
            target.replace_source_output(cur.value);
        m_model->replace_parameter(i, new_param);
    }

    for (size_t i = 0; i < m_outputs.size(); ++i) {
        if (!m_outputs[i])
            continue;
        const OutputInfo& info = *m_outputs[i];
        const auto result = m_model->get_results()[i];
        const Output<Node> source = result->input_value(0);
        const std::string what = port_name(source, "output", i);
        const Layout model_layout = !info.m_model.m_layout.empty() ? info.m_model.m_layout : result->get_layout();
        Current cur{source, model_layout, ColorFormat::UNDEFINED, what};
        for (const auto& step : info.m_postprocess.m_steps) {
            switch (step.kind) {
            case Step::Kind::convert_element_type:
                convert_type(cur, step.type.is_static() ? step.type : info.m_tensor.m_type);
                break;
            case Step::Kind::convert_layout:
                convert_layout_to(cur, step.layout.empty() ? info.m_tensor.m_layout : step.layout);
                break;
            case Step::Kind::convert_dims: convert_dims(cur, step.dims); break;
            case Step::Kind::custom: custom(cur, step); break;
            default: OPENVINO_THROW("Postprocessing of ", what, ": unsupported step");
            }
        }
        convert_type(cur, info.m_tensor.m_type);
        if (!info.m_tensor.m_layout.empty() && !cur.layout.empty())
            convert_layout_to(cur, info.m_tensor.m_layout);
        if (cur.value != source) {
            // The application still finds the output under its tensor names.
            const auto names = source.get_names();
            source.set_names({});
            cur.value.set_names(names);
            result->input(0).replace_source_output(cur.value);
        }
        if (!info.m_tensor.m_layout.empty())
            result->set_layout(info.m_tensor.m_layout);
        else if (!cur.layout.empty())
            result->set_layout(cur.layout);
    }
    m_model->validate_nodes_and_infer_types();
    return m_model;
}

std::ostream& operator<<(std::ostream& str, const PrePostProcessor& ppp) {
    ppp.describe(str);
    return str;
}

void PrePostProcessor::describe(std::ostream& str) const {
    const auto& ppp = *this;
    for (size_t i = 0; i < ppp.m_inputs.size(); ++i) {
        if (!ppp.m_inputs[i])
            continue;
        const auto& info = *ppp.m_inputs[i];
        str << "Input " << i << ": tensor " << info.m_tensor.m_type << " " << info.m_tensor.m_layout.to_string() << ", "
            << info.m_preprocess.m_steps.size() << " preprocessing steps, model layout "
            << info.m_model.m_layout.to_string() << "\n";
    }
    for (size_t i = 0; i < ppp.m_outputs.size(); ++i) {
        if (!ppp.m_outputs[i])
            continue;
        const auto& info = *ppp.m_outputs[i];
        str << "Output " << i << ": " << info.m_postprocess.m_steps.size() << " postprocessing steps, tensor "
            << info.m_tensor.m_type << " " << info.m_tensor.m_layout.to_string() << "\n";
    }
}

}  // namespace preprocess
}  // namespace ov
