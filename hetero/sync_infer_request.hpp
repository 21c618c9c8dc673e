// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "devmux/plugin/iinfer_request.hpp"

namespace devmux {
class IRemoteContext;

namespace hetero {

class CompiledModel;

/// One request per subgraph, chained through tensors made once at creation: each boundary tensor is
/// made by the producing subgraph's compiled model's context (its memory) and set as the producer's
/// output; a consumer in the same memory space reads it as it is, any other gets its own tensor and one
/// copy after the producer ran. Host devices therefore share every boundary with no copy. The model's
/// inputs and outputs are this request's tensors, shared the same way with the subgraphs that read
/// or write them. Used by one thread at a time.
class SyncInferRequest : public ISyncInferRequest {
public:
    explicit SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    /// Runs the subgraphs one after another in the calling thread.
    void infer() override;
    /// Runs each subgraph on its own device's request (start_async, then wait), stage by stage:
    /// while this request waits on one device, other requests can use the other devices.
    void infer_pipelined();
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;
    void set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor) override;
    ov::Tensor get_tensor(const ov::Output<const ov::Node>& port) const override;

    /// The request of subgraph `index` (tests check the shared tensors through it).
    const std::shared_ptr<IAsyncInferRequest>& subrequest(size_t index) const { return m_subrequests[index]; }

private:
    template <class Run>
    void run_stages(Run run);
    /// Hands dynamically shaped boundary tensors to the consumers once their producer has run, with the
    /// shapes that run gave them: shared with a consumer in the producer's memory space, else copied into a
    /// tensor of the consumer's context (kept while the shape stays the same).
    void forward_dynamic(size_t producer);
    /// Converts the user's inputs into the subgraphs' staging tensors.
    void convert_inputs();
    /// Converts the outputs subgraph `producer` computed into the user's tensors.
    void convert_outputs(size_t producer);

    std::shared_ptr<const CompiledModel> m_compiled;
    std::vector<std::shared_ptr<IAsyncInferRequest>> m_subrequests;
    std::vector<ov::Tensor> m_boundaries;  // one per link of the plan; empty for dynamic shapes
    /// A boundary read by a consumer in another memory space: copied once after its producer ran.
    struct Copy {
        size_t link;
        size_t producer;
        size_t consumer;  // the consumer subgraph
        ov::Tensor from;
        ov::Tensor to;
    };
    std::vector<Copy> m_copies;
    std::vector<std::string> m_memory_spaces;  // per subgraph: where its compiled model's tensors live
    std::vector<std::shared_ptr<IRemoteContext>> m_contexts;  // per subgraph: its compiled model's context
    /// Per (link, consumer subgraph) of a dynamic boundary read in another memory space: the consumer's copy.
    std::map<std::pair<size_t, size_t>, ov::Tensor> m_dynamic_copies;
    /// A model input or output whose subgraphs compute in f32 while the user's port is f16 or bf16 (the
    /// compiled model split an f32 copy of the model): the subgraphs read or write `staging`, converted
    /// from or into the user's tensor on every inference (such ports are static: CompiledModel::split).
    struct ConvertedPort {
        size_t index;  // the model input or output
        ov::Tensor staging;
    };
    std::vector<ConvertedPort> m_converted_inputs;
    std::vector<ConvertedPort> m_converted_outputs;
};

}  // namespace hetero
}  // namespace devmux
