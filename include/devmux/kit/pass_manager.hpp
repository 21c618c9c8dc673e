// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/model.hpp"

namespace devmux {
namespace kit {

/// @brief One graph transformation run at compile time.
class Pass {
public:
    explicit Pass(std::string name) : m_name(std::move(name)) {}
    virtual ~Pass() = default;

    /// @brief The name messages and validation errors give for this pass.
    const std::string& name() const { return m_name; }

    /// @brief Transforms `model` in place. Returns whether anything changed (the pass manager repeats
    /// passes until none does, when asked to).
    virtual bool run(ov::Model& model) = 0;

private:
    std::string m_name;
};

/// @brief A pass made of a function, e.g. `[](ov::Model& m) { return fold_constants(m) != 0; }`.
class FunctionPass : public Pass {
public:
    FunctionPass(std::string name, std::function<bool(ov::Model&)> function)
        : Pass(std::move(name)), m_function(std::move(function)) {}
    bool run(ov::Model& model) override { return m_function(model); }

private:
    std::function<bool(ov::Model&)> m_function;
};

/// @brief Runs a list of passes in order, optionally repeating the list until no pass changes the model
/// (a fixed point), optionally validating the model after each pass that changed it.
///
/// Validation re-infers every node's types and shapes and checks that the pass added no dynamic output;
/// a failure throws ov::Exception naming `owner` (e.g. the device), the pass and the cause,
/// so a broken rewrite is caught at the pass that made it, not later in the plan.
class PassManager {
public:
    explicit PassManager(std::string owner) : m_owner(std::move(owner)) {}

    /// @brief Appends a pass; returns *this so passes chain.
    PassManager& add(std::shared_ptr<Pass> pass);
    /// @brief Appends a FunctionPass.
    PassManager& add(std::string name, std::function<bool(ov::Model&)> function);

    /// @brief Repeats the whole list until a round changes nothing. More than `max_rounds` rounds throw
    /// ov::Exception naming the passes that still changed the model (they undo each other).
    PassManager& repeat_to_fixed_point(size_t max_rounds = 16);
    /// @brief Validates the model after each pass that changed it (see the class description).
    PassManager& validate_each_pass(bool enabled = true);

    /// @brief Runs the passes on `model`. Returns whether any pass changed it.
    bool run(ov::Model& model) const;

    /// @brief The names of the passes, in order.
    std::vector<std::string> pass_names() const;

private:
    void validate(ov::Model& model, const Pass& pass, size_t dynamic_outputs_before) const;

    std::string m_owner;
    std::vector<std::shared_ptr<Pass>> m_passes;
    size_t m_max_rounds = 1;
    bool m_validate = false;
};

}  // namespace kit
}  // namespace devmux
