// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/layout.hpp"
#include "openvino/core/model.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/type/element_type.hpp"
#include "openvino/runtime/tensor.hpp"

namespace ov {
namespace preprocess {

/// @brief Pixel formats of an image input. devmux converts between RGB, BGR, RGBX and BGRX; the YUV
/// formats (NV12, I420) are accepted as names but build() refuses them (no conversion ops yet).
enum class ColorFormat {
    UNDEFINED,
    NV12_SINGLE_PLANE,
    NV12_TWO_PLANES,
    I420_SINGLE_PLANE,
    I420_THREE_PLANES,
    RGB,
    BGR,
    GRAY,
    RGBX,
    BGRX
};

/// @brief Resampling of PreProcessSteps::resize (an Interpolate op, half-pixel coordinates).
enum class ResizeAlgorithm { RESIZE_LINEAR, RESIZE_CUBIC, RESIZE_NEAREST, RESIZE_BILINEAR_PILLOW, RESIZE_BICUBIC_PILLOW };

/// @brief A user step: takes the current node output and returns the new one.
using CustomPreprocessOp = std::function<Output<Node>(const Output<Node>& node)>;
using CustomPostprocessOp = std::function<Output<Node>(const Output<Node>& node)>;

class PrePostProcessor;

namespace detail {
/// One recorded step; build() turns each into ops.
struct Step {
    enum class Kind { convert_element_type, convert_layout, convert_dims, resize, mean, scale, convert_color, reverse_channels, crop, custom };
    Kind kind;
    element::Type type;
    Layout layout;
    std::vector<uint64_t> dims;
    std::vector<float> values;
    ResizeAlgorithm algorithm = ResizeAlgorithm::RESIZE_LINEAR;
    int64_t height = -1;
    int64_t width = -1;
    ColorFormat color = ColorFormat::UNDEFINED;
    std::vector<int> begin;
    std::vector<int> end;
    std::function<Output<Node>(const Output<Node>&)> custom;
};
}  // namespace detail

/// @brief What the application will pass as an input tensor.
class InputTensorInfo {
public:
    InputTensorInfo& set_element_type(const element::Type& type);
    InputTensorInfo& set_layout(const Layout& layout);
    InputTensorInfo& set_shape(const PartialShape& shape);
    /// @brief Height and width will be known only at inference (needs a layout with H and W).
    InputTensorInfo& set_spatial_dynamic_shape();
    /// @brief Height and width of the tensor differ from the model's (needs a layout with H and W).
    InputTensorInfo& set_spatial_static_shape(size_t height, size_t width);
    InputTensorInfo& set_color_format(const ColorFormat& format, const std::vector<std::string>& sub_names = {});
    /// @brief Recorded only: devmux inputs are host memory.
    InputTensorInfo& set_memory_type(const std::string& memory_type);
    /// @brief Element type and shape of this tensor.
    InputTensorInfo& set_from(const Tensor& runtime_tensor);

private:
    friend class PrePostProcessor;
    element::Type m_type;
    Layout m_layout;
    bool m_shape_set = false;
    PartialShape m_shape;
    bool m_spatial_dynamic = false;
    int64_t m_height = -1;
    int64_t m_width = -1;
    ColorFormat m_color = ColorFormat::UNDEFINED;
    std::string m_memory_type;
};

/// @brief Steps applied, in order, between the tensor the application gives and the model input.
class PreProcessSteps {
public:
    /// @brief An undefined type means the model input's type.
    PreProcessSteps& convert_element_type(const element::Type& type = {});
    PreProcessSteps& convert_color(const ColorFormat& dst_format);
    /// @brief Divides by a value, or by one value per channel (needs a layout with C).
    PreProcessSteps& scale(float value);
    PreProcessSteps& scale(const std::vector<float>& values);
    /// @brief Subtracts a value, or one value per channel (needs a layout with C).
    PreProcessSteps& mean(float value);
    PreProcessSteps& mean(const std::vector<float>& values);
    PreProcessSteps& custom(const CustomPreprocessOp& preprocess_cb);
    PreProcessSteps& resize(ResizeAlgorithm alg, size_t dst_height, size_t dst_width);
    /// @brief Resizes height and width to the model input's.
    PreProcessSteps& resize(ResizeAlgorithm alg);
    /// @brief Keeps [begin, end) of every axis; negative values count from the end.
    PreProcessSteps& crop(std::vector<int> begin, std::vector<int> end);
    /// @brief An empty layout means the model input's layout.
    PreProcessSteps& convert_layout(const Layout& dst_layout = {});
    /// @brief Transposes: output axis i is current axis dims[i].
    PreProcessSteps& convert_layout(const std::vector<uint64_t>& dims);
    PreProcessSteps& reverse_channels();

private:
    friend class PrePostProcessor;
    std::vector<detail::Step> m_steps;
};

/// @brief What is known about the model input itself.
class InputModelInfo {
public:
    InputModelInfo& set_layout(const Layout& layout);

private:
    friend class PrePostProcessor;
    Layout m_layout;
};

/// @brief Preprocessing of one model input.
class InputInfo {
public:
    InputInfo() = default;
    InputInfo(const InputInfo&) = delete;
    InputInfo& operator=(const InputInfo&) = delete;
    InputTensorInfo& tensor() { return m_tensor; }
    PreProcessSteps& preprocess() { return m_preprocess; }
    InputModelInfo& model() { return m_model; }

private:
    friend class PrePostProcessor;
    InputTensorInfo m_tensor;
    PreProcessSteps m_preprocess;
    InputModelInfo m_model;
};

/// @brief What the application will receive as an output tensor.
class OutputTensorInfo {
public:
    OutputTensorInfo& set_element_type(const element::Type& type);
    OutputTensorInfo& set_layout(const Layout& layout);

private:
    friend class PrePostProcessor;
    element::Type m_type;
    Layout m_layout;
};

/// @brief Steps applied, in order, between the model output and the tensor the application receives.
class PostProcessSteps {
public:
    /// @brief An undefined type means the output tensor's type.
    PostProcessSteps& convert_element_type(const element::Type& type = {});
    /// @brief An empty layout means the output tensor's layout.
    PostProcessSteps& convert_layout(const Layout& dst_layout = {});
    PostProcessSteps& convert_layout(const std::vector<uint64_t>& dims);
    PostProcessSteps& custom(const CustomPostprocessOp& postprocess_cb);

private:
    friend class PrePostProcessor;
    std::vector<detail::Step> m_steps;
};

/// @brief What is known about the model output itself.
class OutputModelInfo {
public:
    OutputModelInfo& set_layout(const Layout& layout);

private:
    friend class PrePostProcessor;
    Layout m_layout;
};

/// @brief Postprocessing of one model output.
class OutputInfo {
public:
    OutputInfo() = default;
    OutputInfo(const OutputInfo&) = delete;
    OutputInfo& operator=(const OutputInfo&) = delete;
    OutputTensorInfo& tensor() { return m_tensor; }
    PostProcessSteps& postprocess() { return m_postprocess; }
    OutputModelInfo& model() { return m_model; }

private:
    friend class PrePostProcessor;
    OutputTensorInfo m_tensor;
    PostProcessSteps m_postprocess;
    OutputModelInfo m_model;
};

/// @brief Records pre- and postprocessing for a model's inputs and outputs; build() inserts them into the
/// model as ordinary ops (Convert, Transpose, Interpolate, Subtract, Divide, Gather, StridedSlice), so
/// every device runs them.
class PrePostProcessor {
public:
    explicit PrePostProcessor(const std::shared_ptr<Model>& model);
    PrePostProcessor(PrePostProcessor&&) noexcept;
    PrePostProcessor& operator=(PrePostProcessor&&) noexcept;
    ~PrePostProcessor();

    /// @brief The only input; throws ov::Exception when the model has several.
    InputInfo& input();
    InputInfo& input(const std::string& tensor_name);
    InputInfo& input(size_t input_index);
    /// @brief The only output; throws ov::Exception when the model has several.
    OutputInfo& output();
    OutputInfo& output(const std::string& tensor_name);
    OutputInfo& output(size_t output_index);

    /// @brief Inserts the steps into the model and returns it (the same model, changed in place). The new
    /// inputs keep the original tensor names and friendly names.
    std::shared_ptr<Model> build();

private:
    friend std::ostream& operator<<(std::ostream& str, const PrePostProcessor& prePostProcessor);
    void describe(std::ostream& str) const;
    std::shared_ptr<Model> m_model;
    std::vector<std::unique_ptr<InputInfo>> m_inputs;
    std::vector<std::unique_ptr<OutputInfo>> m_outputs;
};

/// @brief Describes the recorded steps.
std::ostream& operator<<(std::ostream& str, const PrePostProcessor& prePostProcessor);

}  // namespace preprocess
}  // namespace ov
