// SPDX-License-Identifier: Apache-2.0
#pragma once

// The runtime's link between ov::Tensor and a backend's remote tensor (implemented in tensor.cpp,
// where ov::Tensor::Impl is defined).

#include <memory>

#include "devmux/plugin/iremote_context.hpp"
#include "openvino/runtime/remote_context.hpp"
#include "openvino/runtime/remote_tensor.hpp"

namespace devmux {

struct TensorAccess {
    static ov::RemoteTensor wrap(const std::shared_ptr<IRemoteTensor>& tensor, const std::shared_ptr<void>& library);
    static std::shared_ptr<IRemoteTensor> remote(const ov::Tensor& tensor);
};

struct RemoteContextAccess {
    static ov::RemoteContext make(const std::shared_ptr<IRemoteContext>& context, const std::shared_ptr<void>& library) {
        return ov::RemoteContext(context, library);
    }
    static const std::shared_ptr<IRemoteContext>& impl(const ov::RemoteContext& context) { return context._impl; }
};

}  // namespace devmux
