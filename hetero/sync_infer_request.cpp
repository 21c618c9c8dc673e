// SPDX-License-Identifier: Apache-2.0
#include "sync_infer_request.hpp"

#include <set>

#include "compiled_model.hpp"
#include "devmux/hetero/partition.hpp"
#include "devmux/kit/passes.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/remote_tensor.hpp"

namespace devmux {
namespace hetero {
namespace {

// The compiled model's context, or a host one for a device that gives none (where it computes is
// then unknown to HETERO, which can only hand it host memory).
std::shared_ptr<IRemoteContext> context_of(const ICompiledModel& compiled) {
    try {
        if (auto context = compiled.get_context())
            return context;
    } catch (const ov::NotImplemented&) {
    }
    return make_host_context("HETERO");
}

ov::Tensor tensor_in(IRemoteContext& context, const ov::element::Type& type, const ov::Shape& shape) {
    return make_remote_tensor(context.create_tensor(type, shape, {}));
}

// Between f32, f16 and bf16 (the only types CompiledModel::split changes), of one static shape: the port's,
// which ISyncInferRequest::set_tensor holds every user tensor to.
void convert_tensor(const ov::Tensor& from, ov::Tensor& to) {
    kit::convert_floats(from.data(), from.get_element_type(), to.data(), to.get_element_type(), from.get_size());
}

}  // namespace

SyncInferRequest::SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_compiled(compiled_model) {
    const SubgraphPlan& plan = m_compiled->plan();
    const auto& submodels = m_compiled->compiled_submodels();
    for (const auto& submodel : submodels)
        m_subrequests.push_back(submodel->create_infer_request());

    // The user's tensors (allocated by the base class, or set later) are the subgraphs' own, unless the
    // subgraphs compute in another type: then they share a staging tensor, converted on each inference.
    for (size_t i = 0; i < plan.model_inputs.size(); ++i) {
        if (plan.model_inputs[i].empty())
            continue;
        const hetero::PortRef first = plan.model_inputs[i].front();
        const auto& subgraph_port = submodels[first.first]->inputs()[first.second];
        ov::Tensor shared = m_input_tensors[i];
        if (subgraph_port.get_element_type() != get_inputs()[i].get_element_type()) {
            ConvertedPort converted{i, ov::Tensor(subgraph_port.get_element_type(),
                                                  get_inputs()[i].get_partial_shape().to_shape())};
            shared = converted.staging;
            m_converted_inputs.push_back(converted);
        }
        if (!shared)
            continue;
        for (const auto& consumer : plan.model_inputs[i])
            m_subrequests[consumer.first]->set_tensor(submodels[consumer.first]->inputs()[consumer.second], shared);
    }
    std::vector<ov::Tensor> output_for_subgraphs = m_output_tensors;
    for (size_t j = 0; j < plan.model_outputs.size(); ++j) {
        const hetero::PortRef producer = plan.model_outputs[j];
        const auto& subgraph_port = submodels[producer.first]->outputs()[producer.second];
        if (subgraph_port.get_element_type() != get_outputs()[j].get_element_type()) {
            ConvertedPort converted{j, ov::Tensor(subgraph_port.get_element_type(),
                                                  get_outputs()[j].get_partial_shape().to_shape())};
            output_for_subgraphs[j] = converted.staging;
            m_converted_outputs.push_back(converted);
        }
        if (output_for_subgraphs[j])
            m_subrequests[producer.first]->set_tensor(subgraph_port, output_for_subgraphs[j]);
    }
    // One tensor per boundary, made here once by the producer's context: the producer writes it, its
    // consumers in the same memory space read it, the others read their own copy.
    std::vector<std::shared_ptr<IRemoteContext>>& contexts = m_contexts;
    for (const auto& submodel : submodels) {
        contexts.push_back(context_of(*submodel));
        m_memory_spaces.push_back(contexts.back()->get_memory_space());
    }
    m_boundaries.resize(plan.links.size());
    for (size_t k = 0; k < plan.links.size(); ++k) {
        const Link& link = plan.links[k];
        const size_t producer = link.producer.first;
        const auto& port = submodels[producer]->outputs()[link.producer.second];
        ov::Tensor tensor;
        if (link.model_output >= 0) {
            tensor = output_for_subgraphs[static_cast<size_t>(link.model_output)];
        } else if (port.get_partial_shape().is_static()) {
            tensor = tensor_in(*contexts[producer], port.get_element_type(), port.get_partial_shape().to_shape());
            m_subrequests[producer]->set_tensor(port, tensor);
        }
        m_boundaries[k] = tensor;
        if (!tensor)
            continue;  // dynamic: handed over after each run of the producer
        const std::string space = memory_space_of(tensor);
        for (const auto& consumer : link.consumers) {
            const auto& input = submodels[consumer.first]->inputs()[consumer.second];
            if (m_memory_spaces[consumer.first] == space) {
                m_subrequests[consumer.first]->set_tensor(input, tensor);
                continue;
            }
            ov::Tensor copy = tensor_in(*contexts[consumer.first], tensor.get_element_type(), tensor.get_shape());
            m_subrequests[consumer.first]->set_tensor(input, copy);
            m_copies.push_back(Copy{k, producer, consumer.first, tensor, copy});
        }
    }
}

void SyncInferRequest::set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor) {
    ISyncInferRequest::set_tensor(port, tensor);
    const auto found = find_port(port);
    const hetero::PortRef ref{found.is_input ? 0u : 1u, found.index};
    const SubgraphPlan& plan = m_compiled->plan();
    const auto& submodels = m_compiled->compiled_submodels();
    const auto& converted = ref.first == 0 ? m_converted_inputs : m_converted_outputs;
    for (const auto& port : converted)
        if (port.index == ref.second)
            return;  // the subgraphs keep their staging tensor; the user's is converted on each inference
    if (ref.first == 0) {
        for (const auto& consumer : plan.model_inputs[ref.second])
            m_subrequests[consumer.first]->set_tensor(submodels[consumer.first]->inputs()[consumer.second], tensor);
        return;
    }
    const hetero::PortRef producer = plan.model_outputs[ref.second];
    m_subrequests[producer.first]->set_tensor(submodels[producer.first]->outputs()[producer.second], tensor);
    for (size_t k = 0; k < plan.links.size(); ++k) {
        if (plan.links[k].model_output != static_cast<long>(ref.second))
            continue;
        m_boundaries[k] = tensor;
        for (const auto& consumer : plan.links[k].consumers) {
            bool copied = false;
            for (auto& copy : m_copies) {
                if (copy.link == k && copy.consumer == consumer.first) {
                    copy.from = tensor;  // the consumer keeps its own tensor, copied from the user's
                    copied = true;
                }
            }
            if (!copied)
                m_subrequests[consumer.first]->set_tensor(submodels[consumer.first]->inputs()[consumer.second],
                                                          tensor);
        }
    }
}

ov::Tensor SyncInferRequest::get_tensor(const ov::Output<const ov::Node>& port) const {
    ov::Tensor tensor = ISyncInferRequest::get_tensor(port);
    if (tensor)
        return tensor;
    // A dynamically shaped port: the subgraph's request holds the tensor of the last run.
    const auto ref = find_port(port);
    const SubgraphPlan& plan = m_compiled->plan();
    const auto& submodels = m_compiled->compiled_submodels();
    if (ref.is_input) {
        if (plan.model_inputs[ref.index].empty())
            return tensor;
        const hetero::PortRef consumer = plan.model_inputs[ref.index].front();
        return m_subrequests[consumer.first]->get_tensor(submodels[consumer.first]->inputs()[consumer.second]);
    }
    const hetero::PortRef producer = plan.model_outputs[ref.index];
    return m_subrequests[producer.first]->get_tensor(submodels[producer.first]->outputs()[producer.second]);
}

void SyncInferRequest::forward_dynamic(size_t producer) {
    const SubgraphPlan& plan = m_compiled->plan();
    const auto& submodels = m_compiled->compiled_submodels();
    for (size_t k = 0; k < plan.links.size(); ++k) {
        const Link& link = plan.links[k];
        if (m_boundaries[k] || link.producer.first != producer)
            continue;
        const ov::Tensor tensor =
            m_subrequests[producer]->get_tensor(submodels[producer]->outputs()[link.producer.second]);
        OPENVINO_ASSERT(tensor, "HETERO: subgraph ", producer, " on device ", plan.submodels[producer].device,
                        " ran but gave no tensor for '", link.source.get_node()->get_friendly_name(), "' (port ",
                        link.source.get_index(), "), which later subgraphs read");
        const std::string space = memory_space_of(tensor);
        for (const auto& consumer : link.consumers) {
            ov::Tensor given = tensor;
            if (m_memory_spaces[consumer.first] != space) {
                ov::Tensor& copy = m_dynamic_copies[{k, consumer.first}];
                if (!copy || copy.get_shape() != tensor.get_shape() ||
                    copy.get_element_type() != tensor.get_element_type())
                    copy = tensor_in(*m_contexts[consumer.first], tensor.get_element_type(), tensor.get_shape());
                try {
                    copy_tensor(tensor, copy);
                } catch (const std::exception& e) {
                    OPENVINO_THROW("HETERO: copying the output of subgraph ", producer, " (", m_memory_spaces[producer],
                                   ") for subgraph ", consumer.first, " on device ",
                                   plan.submodels[consumer.first].device, " (", m_memory_spaces[consumer.first],
                                   ") failed: ", e.what());
                }
                given = copy;
            }
            m_subrequests[consumer.first]->set_tensor(submodels[consumer.first]->inputs()[consumer.second], given);
        }
    }
}

void SyncInferRequest::convert_inputs() {
    for (auto& port : m_converted_inputs) {
        const ov::Tensor& user = m_input_tensors[port.index];
        OPENVINO_ASSERT(user, "HETERO: input '", get_inputs()[port.index].get_node()->get_friendly_name(),
                        "' has no tensor set");
        convert_tensor(user, port.staging);
    }
}

void SyncInferRequest::convert_outputs(size_t producer) {
    const SubgraphPlan& plan = m_compiled->plan();
    for (auto& port : m_converted_outputs)
        if (plan.model_outputs[port.index].first == producer)
            convert_tensor(port.staging, m_output_tensors[port.index]);
}

template <class Run>
void SyncInferRequest::run_stages(Run run) {
    const SubgraphPlan& plan = m_compiled->plan();
    convert_inputs();
    for (size_t i = 0; i < m_subrequests.size(); ++i) {
        try {
            run(*m_subrequests[i]);
        } catch (const ov::Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            OPENVINO_THROW("HETERO: subgraph ", i, " on device ", plan.submodels[i].device, " failed: ", e.what());
        }
        forward_dynamic(i);
        convert_outputs(i);
        for (auto& copy : m_copies) {
            if (copy.producer != i)
                continue;
            try {
                copy_tensor(copy.from, copy.to);
            } catch (const std::exception& e) {
                OPENVINO_THROW("HETERO: copying the output of subgraph ", i, " (", m_memory_spaces[i],
                               ") for subgraph ", copy.consumer, " on device ", plan.submodels[copy.consumer].device,
                               " (", m_memory_spaces[copy.consumer], ") failed: ", e.what());
            }
        }
    }
}

void SyncInferRequest::infer() {
    run_stages([](IAsyncInferRequest& request) { request.infer(); });
}

void SyncInferRequest::infer_pipelined() {
    run_stages([](IAsyncInferRequest& request) {
        request.start_async();
        request.wait();
    });
}

std::vector<ov::ProfilingInfo> SyncInferRequest::get_profiling_info() const {
    std::vector<ov::ProfilingInfo> records;
    for (size_t i = 0; i < m_subrequests.size(); ++i) {
        for (auto info : m_subrequests[i]->get_profiling_info()) {
            info.node_name = "subgraph" + std::to_string(i) + ": " + info.node_name;
            records.push_back(std::move(info));
        }
    }
    if (!m_compiled->config().profiling)
        return records;
    // One record per boundary tensor and consumer subgraph: shared (HETERO spends no time on it), or
    // copied across memory spaces once per inference.
    const SubgraphPlan& plan = m_compiled->plan();
    for (size_t k = 0; k < plan.links.size(); ++k) {
        const Link& link = plan.links[k];
        std::set<size_t> consumers;
        for (const auto& consumer : link.consumers)
            consumers.insert(consumer.first);
        const auto& source = link.source;
        BoundaryDescription boundary;
        boundary.element_type = source.get_element_type();
        boundary.shape = source.get_partial_shape();
        // A boundary of dynamic shape has the size of the last run; the records say so rather than 0 bytes.
        const std::string size =
            boundary.shape.is_dynamic() ? std::string("dynamic") : std::to_string(boundary.bytes()) + "B";
        for (size_t consumer : consumers) {
            ov::ProfilingInfo info;
            info.status = ov::ProfilingInfo::Status::EXECUTED;
            info.node_name = "subgraph" + std::to_string(link.producer.first) + " -> subgraph" +
                             std::to_string(consumer) + ": " + source.get_node()->get_friendly_name() +
                             (source.get_index() ? "." + std::to_string(source.get_index()) : std::string());
            info.node_type = "Transfer";
            info.exec_type = "shared_tensor_" + size;
            bool copied = m_dynamic_copies.count({k, consumer}) != 0;
            for (const auto& copy : m_copies)
                copied = copied || (copy.link == k && copy.consumer == consumer);
            if (copied)
                info.exec_type = "copy_" + m_memory_spaces[link.producer.first] + "_to_" + m_memory_spaces[consumer] +
                                 "_" + size;
            records.push_back(std::move(info));
        }
    }
    return records;
}

std::vector<std::shared_ptr<IVariableState>> SyncInferRequest::query_state() const {
    std::vector<std::shared_ptr<IVariableState>> states;
    for (const auto& request : m_subrequests)
        for (const auto& state : request->query_state())
            states.push_back(state);
    return states;
}

}  // namespace hetero
}  // namespace devmux
