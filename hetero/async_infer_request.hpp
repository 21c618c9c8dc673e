// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "devmux/plugin/iinfer_request.hpp"
#include "sync_infer_request.hpp"

namespace devmux {
namespace hetero {

/// start_async runs the subgraphs as a pipeline of per-device stages (see
/// SyncInferRequest::infer_pipelined); an error in a stage reaches wait() naming the subgraph.
class AsyncInferRequest : public IAsyncInferRequest {
public:
    explicit AsyncInferRequest(const std::shared_ptr<SyncInferRequest>& request)
        : IAsyncInferRequest(request), m_hetero(request.get()) {}

protected:
    void run_async_job() override { m_hetero->infer_pipelined(); }

private:
    SyncInferRequest* m_hetero;  // the same object as m_sync, which keeps it alive
};

}  // namespace hetero
}  // namespace devmux
