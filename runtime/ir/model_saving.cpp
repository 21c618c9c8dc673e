// SPDX-License-Identifier: Apache-2.0
// The public ways to save a model (ov::serialize, ov::save_model, ov::pass::Serialize), all on the IR v11
// writer, so what they write is what ir::read_model reads back.
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "ir/ir_writer.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/graph_util.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/util/multi_subgraph_base.hpp"
#include "openvino/pass/serialize.hpp"

namespace ov {
namespace {

void check_version(pass::Serialize::Version version, const std::string& destination) {
    if (version == pass::Serialize::Version::IR_V10)
        OPENVINO_THROW("Cannot write IR '", destination,
                       "': devmux writes IR version 11 only (IR_V10 was asked for; it reads v10 but does not write it)");
    if (version != pass::Serialize::Version::UNSPECIFIED && version != pass::Serialize::Version::IR_V11)
        OPENVINO_THROW("Cannot write IR '", destination, "': unknown IR version ", static_cast<int>(version));
}

// Largest finite f16 value; an f32 weight beyond it would become infinity when stored as f16.
constexpr float f16_max = 65504.0f;

bool fits_f16(const op::v0::Constant& constant) {
    const auto* values = constant.get_data_ptr<float>();
    const size_t count = shape_size(constant.get_shape());
    for (size_t i = 0; i < count; ++i)
        if (std::isfinite(values[i]) && std::fabs(values[i]) > f16_max)
            return false;
    return true;
}

struct OutputFacts {
    element::Type type;
    PartialShape shape;
    bool operator==(const OutputFacts& other) const {
        return type == other.type && shape == other.shape;
    }
};

std::vector<OutputFacts> output_facts(const Node& node) {
    std::vector<OutputFacts> facts;
    for (size_t i = 0; i < node.get_output_size(); ++i)
        facts.push_back({node.get_output_element_type(i), node.get_output_partial_shape(i)});
    return facts;
}

// Stores one f32 Constant as f16 + Convert to f32 unless a consumer's output type or shape depends on the
// constant's values (Interpolate's scales, Range's bounds, ...): behind a Convert those values are no
// longer known to shape inference, so such a constant stays f32 (OpenVINO also keeps such
// precision-sensitive constants uncompressed).
void compress_constant(const std::shared_ptr<op::v0::Constant>& constant) {
    // Values beyond f16's range would turn into infinities; OpenVINO clamps or keeps such constants, devmux
    // keeps the whole constant f32 so the saved model computes the same values.
    if (!fits_f16(*constant))
        return;
    const size_t count = shape_size(constant->get_shape());
    const auto* values = constant->get_data_ptr<float>();
    std::vector<float16> halves(values, values + count);
    auto half = std::make_shared<op::v0::Constant>(element::f16, constant->get_shape(), halves.data());
    auto decompression = std::make_shared<op::v0::Convert>(half, element::f32);

    auto targets = constant->output(0).get_target_inputs();
    std::vector<std::pair<Node*, std::vector<OutputFacts>>> consumers;
    for (const auto& target : targets)
        consumers.emplace_back(target.get_node(), output_facts(*target.get_node()));
    for (const auto& target : targets)
        target.replace_source_output(decompression);
    bool same = true;
    for (auto& [consumer, before] : consumers) {
        try {
            consumer->validate_and_infer_types();
            same = same && output_facts(*consumer) == before;
        } catch (const std::exception&) {
            same = false;
        }
    }
    if (!same) {
        for (const auto& target : targets)
            target.replace_source_output(constant);
        for (auto& [consumer, before] : consumers)
            consumer->validate_and_infer_types();
        return;
    }
    // The Convert stands where the constant stood: it takes its name, tensor names and rt_info.
    half->set_friendly_name(constant->get_friendly_name() + "/f16");
    decompression->set_friendly_name(constant->get_friendly_name());
    decompression->get_rt_info() = constant->get_rt_info();
    decompression->output(0).set_names(constant->output(0).get_names());
}

void compress_to_f16(Model& model) {
    for (const auto& node : model.get_ordered_ops()) {
        if (auto constant = as_type_ptr<op::v0::Constant>(node)) {
            if (constant->get_element_type() == element::f32)
                compress_constant(constant);
        } else if (auto subgraphs = as_type_ptr<op::util::MultiSubGraphOp>(node)) {
            // Model::clone copies bodies too, so the caller's bodies are not reached from here.
            for (size_t i = 0; i < subgraphs->get_internal_subgraphs_size(); ++i)
                if (const auto& body = subgraphs->get_function(i))
                    compress_to_f16(*body);
        }
    }
}

}  // namespace

namespace pass {

Serialize::Serialize(const std::string& xml_path, const std::string& bin_path, Version version)
    : m_xml_path(xml_path), m_bin_path(bin_path), m_version(version) {}

Serialize::Serialize(std::ostream& xml, std::ostream& bin, Version version) : m_xml(&xml), m_bin(&bin), m_version(version) {}

bool Serialize::run_on_model(const std::shared_ptr<ov::Model>& model) {
    OPENVINO_ASSERT(model, "ov::pass::Serialize: no model given");
    if (m_xml) {
        check_version(m_version, "<stream>");
        devmux::ir::write_model_to_streams(*model, *m_xml, *m_bin);
    } else {
        check_version(m_version, m_xml_path);
        devmux::ir::write_model(*model, m_xml_path, m_bin_path);
    }
    return false;
}

}  // namespace pass

void serialize(const std::shared_ptr<const ov::Model>& model, const std::string& xml_path, const std::string& bin_path,
               pass::Serialize::Version version) {
    OPENVINO_ASSERT(model, "ov::serialize: no model given for '", xml_path, "'");
    check_version(version, xml_path);
    devmux::ir::write_model(*model, xml_path, bin_path);
}

void save_model(const std::shared_ptr<const ov::Model>& model, const std::string& output_model, bool compress_to_fp16) {
    OPENVINO_ASSERT(model, "ov::save_model: no model given for '", output_model, "'");
    if (!compress_to_fp16) {
        devmux::ir::write_model(*model, output_model, "");
        return;
    }
    // Compression replaces nodes: it works on a copy so the caller's model stays as it was.
    auto copy = model->clone();
    compress_to_f16(*copy);
    devmux::ir::write_model(*copy, output_model, "");
}

}  // namespace ov
