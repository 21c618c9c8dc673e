// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/pass_manager.hpp"

namespace devmux {
namespace kit {
namespace {


size_t count_dynamic_outputs(const ov::Model& model) {
    size_t count = 0;
    for (const auto& node : model.get_ordered_ops())
        for (size_t i = 0; i < node->get_output_size(); ++i)
            if (node->get_output_partial_shape(i).is_dynamic() || !node->get_output_element_type(i).is_static())
                ++count;
    return count;
}

}  // namespace

PassManager& PassManager::add(std::shared_ptr<Pass> pass) {
    OPENVINO_ASSERT(pass, m_owner, ": PassManager::add got a null pass");
    m_passes.push_back(std::move(pass));
    return *this;
}

PassManager& PassManager::add(std::string name, std::function<bool(ov::Model&)> function) {
    OPENVINO_ASSERT(function, m_owner, ": PassManager::add got an empty function for pass '", name, "'");
    return add(std::make_shared<FunctionPass>(std::move(name), std::move(function)));
}

PassManager& PassManager::repeat_to_fixed_point(size_t max_rounds) {
    OPENVINO_ASSERT(max_rounds > 0, m_owner, ": repeat_to_fixed_point needs at least one round");
    m_max_rounds = max_rounds;
    return *this;
}

PassManager& PassManager::validate_each_pass(bool enabled) {
    m_validate = enabled;
    return *this;
}

std::vector<std::string> PassManager::pass_names() const {
    std::vector<std::string> names;
    for (const auto& pass : m_passes)
        names.push_back(pass->name());
    return names;
}

void PassManager::validate(ov::Model& model, const Pass& pass, size_t dynamic_outputs_before) const {
    try {
        model.validate_nodes_and_infer_types();
    } catch (const std::exception& e) {
        OPENVINO_THROW(m_owner, ": pass '", pass.name(), "' left model '", model.get_friendly_name(),
                       "' invalid: ", e.what());
    }
    const size_t dynamic_after = count_dynamic_outputs(model);
    // A rewrite may remove dynamic values (folding a shape subgraph), never create them.
    if (dynamic_after > dynamic_outputs_before)
        OPENVINO_THROW(m_owner, ": pass '", pass.name(), "' made model '", model.get_friendly_name(), "' have ",
                       dynamic_after, " dynamic outputs where it had ", dynamic_outputs_before);
}

bool PassManager::run(ov::Model& model) const {
    bool changed_any = false;
    for (size_t round = 0; round < m_max_rounds; ++round) {
        std::vector<std::string> changed_by;
        for (const auto& pass : m_passes) {
            const size_t dynamic_before = m_validate ? count_dynamic_outputs(model) : 0;
            if (!pass->run(model))
                continue;
            changed_by.push_back(pass->name());
            if (m_validate)
                validate(model, *pass, dynamic_before);
        }
        if (changed_by.empty())
            return changed_any;
        changed_any = true;
        if (m_max_rounds > 1 && round + 1 == m_max_rounds) {
            std::string names;
            for (const auto& name : changed_by)
                names += (names.empty() ? "'" : ", '") + name + "'";
            OPENVINO_THROW(m_owner, ": passes on model '", model.get_friendly_name(), "' reach no fixed point in ",
                           m_max_rounds, " rounds; still changing it: ", names);
        }
    }
    return changed_any;
}

}  // namespace kit
}  // namespace devmux
