// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "openvino/core/node.hpp"

namespace devmux {

/// Maps (type name, opset) to a factory of default-constructed ops. The IR reader creates an op
/// here, lets it visit its attributes, then connects its inputs; the C++ op classes register
/// themselves with DEVMUX_REGISTER_OP in their .cpp, so both paths share one table.
class OpRegistry {
public:
    using Factory = std::function<std::shared_ptr<ov::Node>()>;

    static OpRegistry& instance();

    void add(const ov::DiscreteTypeInfo& info, Factory factory);
    /// The op of this type for an IR layer of this opset: the exact version if registered, else the
    /// newest version introduced in an earlier opset (an op stays in later opsets until replaced).
    /// Null when the type is unknown or only newer versions exist.
    std::shared_ptr<ov::Node> create(const std::string& type_name, const std::string& opset) const;
    /// Every registered (type, opset) pair, sorted; for diagnostics and tests.
    std::vector<std::pair<std::string, std::string>> list() const;

private:
    struct Entry {
        int opset_number;
        std::string opset;
        Factory factory;
    };
    mutable std::mutex m_mutex;  // guards m_entries; registration happens at load time, lookups later
    std::map<std::string, std::vector<Entry>> m_entries;
};

/// "opset8" -> 8; -1 for names that are not opsetN.
int opset_number(const std::string& opset);

template <typename Op>
struct OpRegistration {
    OpRegistration() {
        OpRegistry::instance().add(Op::get_type_info_static(), [] { return std::make_shared<Op>(); });
    }
};

}  // namespace devmux

#define DEVMUX_CONCAT_INNER(a, b) a##b
#define DEVMUX_CONCAT(a, b) DEVMUX_CONCAT_INNER(a, b)
/// Registers an op class (with a default constructor) in the OpRegistry at library load.
#define DEVMUX_REGISTER_OP(...) \
    static const ::devmux::OpRegistration<__VA_ARGS__> DEVMUX_CONCAT(devmux_op_registration_, __LINE__){};
