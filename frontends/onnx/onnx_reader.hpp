// SPDX-License-Identifier: Apache-2.0
#pragma once

// The ONNX frontend: an ONNX model (file or bytes) converted into an ov::Model of OpenVINO ops
// (docs/onnx.md). Every fault becomes an ov::Exception naming the file and, where there is one, the node.

#include <memory>
#include <string>

#include "openvino/core/model.hpp"

namespace devmux {
namespace onnx_frontend {

/// Reads the ONNX model at `path`; external data is read from files beside it (never outside its folder).
std::shared_ptr<ov::Model> read_model(const std::string& path);

/// Reads an ONNX model from its serialized bytes; external data, if any, resolves against `model_dir`
/// (empty: external data is refused). `origin` names the model in messages.
std::shared_ptr<ov::Model> read_model_from_memory(const std::string& bytes, const std::string& model_dir,
                                                  const std::string& origin);

}  // namespace onnx_frontend
}  // namespace devmux
