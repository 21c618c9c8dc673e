// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "devmux/kit/pass_manager.hpp"
#include "openvino/core/node.hpp"

namespace devmux {
namespace kit {

/// @brief What a successful match found: the matched root node and the values captured by name.
struct Match {
    std::shared_ptr<ov::Node> root;
    std::map<std::string, ov::Output<ov::Node>> captures;

    /// @brief Whether a pattern captured under `name` took part in the match (optional branches may not).
    bool has(const std::string& name) const { return captures.count(name) != 0; }
    /// @brief The value captured under `name`; throws ov::Exception when there is none.
    const ov::Output<ov::Node>& at(const std::string& name) const;
    /// @brief The node producing the value captured under `name`.
    std::shared_ptr<ov::Node> node(const std::string& name) const { return at(name).get_node_shared_ptr(); }
};

/// @brief A pattern over a graph value (a node's output): a node type (or any), a predicate, and
/// sub-patterns for the node's inputs. Patterns are small values; build them bottom-up:
/// @code
///   auto conv = Pattern::op<ov::op::v1::Convolution>({Pattern::any(), Pattern::constant()}).capture("conv");
///   auto bias = Pattern::op<ov::op::v1::Add>({conv.single_consumer(), Pattern::constant().capture("bias")})
///                   .commutative();
/// @endcode
class Pattern {
public:
    using Predicate = std::function<bool(const ov::Output<ov::Node>&)>;

    /// @brief Matches any value that satisfies `predicate` (when given).
    static Pattern any(Predicate predicate = {});
    /// @brief Matches an output of a node of type `type` (or a type derived from it) whose inputs match
    /// `inputs` one by one (the node must have exactly that many inputs; none given: inputs unchecked).
    static Pattern type(const ov::DiscreteTypeInfo& type, std::vector<Pattern> inputs = {}, Predicate predicate = {});
    /// @brief type(Op::get_type_info_static(), ...).
    template <typename Op>
    static Pattern op(std::vector<Pattern> inputs = {}, Predicate predicate = {}) {
        return type(Op::get_type_info_static(), std::move(inputs), std::move(predicate));
    }
    /// @brief Matches an output of a v0::Constant.
    static Pattern constant(Predicate predicate = {});
    /// @brief Matches the first of `alternatives` that matches (use for optional ops: {with, without}).
    static Pattern any_of(std::vector<Pattern> alternatives);

    /// @brief Records the matched value under `name` in Match::captures.
    Pattern capture(std::string name) const;
    /// @brief For a two-input node: the input patterns may match in either order.
    Pattern commutative() const;
    /// @brief The matched value must have exactly one consumer (so a rewrite does not duplicate work).
    Pattern single_consumer() const;

    /// @brief Matches `value`; on success adds the captures to `match` (left unchanged on failure).
    bool match(const ov::Output<ov::Node>& value, Match& match) const;

private:
    struct Spec;
    explicit Pattern(std::shared_ptr<const Spec> spec) : m_spec(std::move(spec)) {}
    std::shared_ptr<const Spec> m_spec;
};

/// @brief A pass that finds every match of `root` and hands it to `callback`, which rewrites the graph
/// and returns true, or declines with false. Nodes are visited consumers first (reverse topological
/// order), so the longest chain ending at a node is matched before its parts. Nodes that a rewrite
/// removed are not visited again.
class MatcherPass : public Pass {
public:
    using Callback = std::function<bool(const Match&)>;
    MatcherPass(std::string name, Pattern root, Callback callback)
        : Pass(std::move(name)), m_root(std::move(root)), m_callback(std::move(callback)) {}
    bool run(ov::Model& model) override;

private:
    Pattern m_root;
    Callback m_callback;
};

}  // namespace kit
}  // namespace devmux
