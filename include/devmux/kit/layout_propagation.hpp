// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "openvino/core/model.hpp"

namespace devmux {
namespace kit {

/// @brief The name of the layout every kernel reads and writes: the element order of ov::Tensor.
constexpr const char* plain_layout = "plain";

/// @brief What a backend records beside a layout's name (a oneDNN memory descriptor, say). Derive from it.
class LayoutPayload {
public:
    virtual ~LayoutPayload() = default;
};

/// @brief How one value lies in memory: a name the planner compares ("plain", "c4", "dnnl_nChw16c"; it
/// becomes ValueDesc::layout through KernelProvider::layout_of) and the backend's own data, if any.
struct Layout {
    std::string name = plain_layout;
    std::shared_ptr<const LayoutPayload> payload;

    bool plain() const { return name == plain_layout; }
    /// @brief The payload as the backend's type, or null when there is none of that type.
    template <class T>
    const T* payload_as() const {
        return dynamic_cast<const T*>(payload.get());
    }
};

/// @brief The result of propagate_layouts: one layout per node output, fixed before planning and read-only
/// afterwards. An output it does not name is plain.
class LayoutMap {
public:
    /// @brief The layout of output `output` of `node`.
    const Layout& of(const ov::Node& node, size_t output) const;
    /// @brief The layout of the value `node` reads at input `input` (its producer's output).
    const Layout& of_input(const ov::Node& node, size_t input) const;
    /// @brief How many outputs are not plain.
    size_t count_not_plain() const;

private:
    friend class LayoutMapBuilder;
    std::map<std::pair<const ov::Node*, size_t>, Layout> m_layouts;  // outputs with a name or a payload
};

/// @brief A backend's rules for propagate_layouts. The pass asks them about every node output and reader;
/// the rules name the layouts other than plain (which every node can write and every input can read).
///
/// What the pass decides, in this order:
/// 1. Candidates: each output may hold the layouts candidates() names.
/// 2. Vetoes, repeated until nothing changes: a layout L leaves an output's candidates when one of its
///    readers cannot take L: an input that passes its layout through (passes_through()) takes L only when
///    that output of its node keeps L as a candidate; any other input takes L when reads() says so. A
///    pass-through output keeps L only while every input it passes through reads a value that has L. An
///    output that nobody reads vetoes nothing (a backend that wants such values plain leaves them out of
///    candidates()). The result is the largest set of candidates consistent with these rules, whatever
///    the order of the nodes.
/// 3. Choice: outputs that kept some layout and are joined through a reader (a node that reads one and
///    keeps a layout on one of its own outputs) form a group, and the group takes one layout, so no step
///    converts between two layouts other than plain: the first layout of the group's first member (in
///    topological order) that every member kept, in that member's order of preference; plain for all of
///    them when none is common.
/// 4. Settling, in topological order: settle() gives each output whose choice is not plain its final
///    layout: the chosen one with the backend's payload, or plain where the backend finds only then that
///    the value cannot hold it.
class LayoutRules {
public:
    virtual ~LayoutRules() = default;

    /// @brief The layouts other than plain that output `output` of `node` can be written in, most
    /// preferred first. Empty: plain only.
    virtual std::vector<std::string> candidates(const ov::Node& node, size_t output) const = 0;

    /// @brief The inputs whose layout output `output` of `node` takes as it is (a pooling, an element-wise
    /// op, a Concat): the output holds a layout only when the value each of these inputs reads holds it
    /// too, and these inputs read a layout only when the output holds it. Default: none.
    virtual std::vector<size_t> passes_through(const ov::Node& node, size_t output) const;

    /// @brief Whether input `input` of `consumer` (one it does not pass through) can read a value held in
    /// `layout`. False vetoes `layout` for the value's producer.
    virtual bool reads(const ov::Node& consumer, size_t input, const std::string& layout) const = 0;

    /// @brief The final layout of output `output` of `node`, for which the pass chose `chosen` (never
    /// plain): `chosen` with the backend's payload, or plain (with or without a payload) where the value
    /// cannot hold it after all (a library that picks its format only when it makes the kernel). The
    /// rules keep the readers consistent with what they return; `settled` holds the final layouts of
    /// every output of the nodes before `node` in topological order. Default: `chosen`, no payload.
    virtual Layout settle(const ov::Node& node, size_t output, const std::string& chosen,
                          const LayoutMap& settled) const;
};

/// @brief Decides one layout per node output of `model` (see LayoutRules for how), before the model is
/// planned; a backend's KernelProvider then reads the result (layout_of, and the layouts each kernel
/// reads and writes). Deterministic: the same model and rules give the same map. Throws ov::Exception
/// when settle() returns a layout other than the chosen one or plain.
LayoutMap propagate_layouts(const ov::Model& model, const LayoutRules& rules);

}  // namespace kit
}  // namespace devmux
