// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/node.hpp"

namespace ov {
namespace op {

/// @brief Base class of every operation.
class Op : public Node {
public:
    static const ::ov::DiscreteTypeInfo& get_type_info_static() {
        static const ::ov::DiscreteTypeInfo info{"Op", "util", nullptr};
        return info;
    }

protected:
    Op() = default;
    explicit Op(const OutputVector& arguments, size_t output_size = 1) : Node(arguments, output_size) {}
};

/// @brief An op with side effects that a Model keeps although no Result depends on it (Assign).
class Sink : public Op {
public:
    static const ::ov::DiscreteTypeInfo& get_type_info_static() {
        static const ::ov::DiscreteTypeInfo info{"Sink", "util", &Op::get_type_info_static()};
        return info;
    }

protected:
    Sink() = default;
    explicit Sink(const OutputVector& arguments) : Op(arguments, 0) {}
};

}  // namespace op

using SinkVector = std::vector<std::shared_ptr<op::Sink>>;

}  // namespace ov
