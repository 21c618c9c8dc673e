// SPDX-License-Identifier: Apache-2.0
// The converter table (table.inc) and its lookup by op type and opset.

#include <map>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {
namespace {

// op type -> (since opset -> converter)
using Table = std::map<std::string, std::map<int64_t, Converter>>;

const Table& table() {
    static const Table instance = [] {
        Table t;
#define DEVMUX_ONNX_OP(type, since, converter) t[#type][since] = converter;
#include "table.inc"
#undef DEVMUX_ONNX_OP
        return t;
    }();
    return instance;
}

}  // namespace

const Converter* find_converter(const std::string& op_type, int64_t opset) {
    const auto versions = table().find(op_type);
    if (versions == table().end())
        return nullptr;
    auto it = versions->second.upper_bound(opset);
    if (it == versions->second.begin())
        return nullptr;
    return &std::prev(it)->second;
}

}  // namespace onnx_frontend
}  // namespace devmux
