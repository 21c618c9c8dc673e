// SPDX-License-Identifier: Apache-2.0
#include "ir/legacy_v10.hpp"

#include "openvino/op/convert.hpp"

namespace devmux {
namespace ir {

std::shared_ptr<ov::Model> apply_legacy_v10_conventions(const std::shared_ptr<ov::Model>& model) {
    const auto version = model->get_rt_info().find("version");
    if (version == model->get_rt_info().end() || version->second.as<int64_t>() != 10)
        return model;

    ov::ParameterVector parameters;
    for (const auto& parameter : model->get_parameters()) {
        if (parameter->output(0).get_names().empty())
            parameter->output(0).set_names({parameter->get_friendly_name()});
        if (parameter->get_element_type() != ov::element::f16) {
            parameters.push_back(parameter);
            continue;
        }
        // The f32 port takes over the name and identity; the Convert restores the f16 the graph expects.
        auto port = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, parameter->get_partial_shape());
        port->set_friendly_name(parameter->get_friendly_name());
        port->get_rt_info() = parameter->get_rt_info();
        port->output(0).set_names(parameter->output(0).get_names());
        parameter->output(0).set_names({});
        auto convert = std::make_shared<ov::op::v0::Convert>(port, ov::element::f16);
        convert->set_friendly_name(parameter->get_friendly_name() + "/convert_to_f16");
        parameter->output(0).replace(convert->output(0));
        parameters.push_back(port);
    }
    for (const auto& result : model->get_results()) {
        auto producer = result->input_value(0);
        if (producer.get_names().empty()) {
            std::string name = producer.get_node()->get_friendly_name();
            if (producer.get_node()->get_output_size() > 1)
                name += "." + std::to_string(producer.get_index());
            producer.set_names({name});
        }
        if (producer.get_element_type() != ov::element::f16)
            continue;
        auto convert = std::make_shared<ov::op::v0::Convert>(producer, ov::element::f32);
        convert->set_friendly_name(producer.get_node()->get_friendly_name() + "/convert_to_f32");
        convert->output(0).set_names(producer.get_names());
        producer.set_names({});
        result->input(0).replace_source_output(convert->output(0));
        result->validate_and_infer_types();
    }
    auto converted = std::make_shared<ov::Model>(model->get_results(), model->get_sinks(), parameters,
                                                 model->get_variables(), model->get_friendly_name());
    converted->get_rt_info() = model->get_rt_info();
    return converted;
}

}  // namespace ir
}  // namespace devmux
