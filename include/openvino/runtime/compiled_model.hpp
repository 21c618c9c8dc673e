// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/infer_request.hpp"
#include "openvino/runtime/properties.hpp"
#include "openvino/runtime/remote_context.hpp"

namespace devmux {
class ICompiledModel;
class CoreImpl;
}  // namespace devmux

namespace ov {

class Core;

/// @brief A model compiled for one device: creates infer requests and reports its inputs,
/// outputs and properties.
///
/// Safe to use from several threads at once.
class CompiledModel {
    // Declared before _impl so that it is destroyed after it: the compiled model's code lives in the
    // plugin library that _so keeps loaded.
    std::shared_ptr<void> _so;
    std::shared_ptr<devmux::ICompiledModel> _impl;

    CompiledModel(const std::shared_ptr<devmux::ICompiledModel>& impl, const std::shared_ptr<void>& so);
    friend class ov::Core;
    friend class ov::InferRequest;
    friend class devmux::CoreImpl;

public:
    /// @brief An empty compiled model (operator bool gives false).
    CompiledModel() = default;
    /// @brief Releases the implementation before the plugin library it comes from.
    ~CompiledModel();
    CompiledModel(const CompiledModel&) = default;
    CompiledModel& operator=(const CompiledModel&) = default;
    CompiledModel(CompiledModel&&) = default;
    CompiledModel& operator=(CompiledModel&&) = default;

    /// @brief The model the device actually runs (after its own transformations), for inspection.
    std::shared_ptr<const Model> get_runtime_model() const;

    /// @brief Every input, as outputs of Parameter nodes.
    const std::vector<ov::Output<const ov::Node>>& inputs() const;
    /// @brief The only input; throws ov::Exception when there are several.
    const ov::Output<const ov::Node>& input() const;
    /// @brief Input @p i; throws ov::Exception when out of range.
    const ov::Output<const ov::Node>& input(size_t i) const;
    /// @brief The input with this tensor name; throws ov::Exception naming it when absent.
    const ov::Output<const ov::Node>& input(const std::string& tensor_name) const;

    /// @brief Every output, as outputs of Result nodes.
    const std::vector<ov::Output<const ov::Node>>& outputs() const;
    /// @brief The only output; throws ov::Exception when there are several.
    const ov::Output<const ov::Node>& output() const;
    /// @brief Output @p i; throws ov::Exception when out of range.
    const ov::Output<const ov::Node>& output(size_t i) const;
    /// @brief The output with this tensor name; throws ov::Exception naming it when absent.
    const ov::Output<const ov::Node>& output(const std::string& tensor_name) const;

    /// @brief A new infer request with its own input and output tensors.
    InferRequest create_infer_request();

    /// @brief Writes the compiled model so that ov::Core::import_model can re-create it.
    void export_model(std::ostream& model_stream);

    /// @brief Changes properties of the compiled model (those the device lets change after compilation).
    void set_property(const AnyMap& properties);

    /// @brief Changes properties of the compiled model, e.g. `set_property(ov::enable_profiling(true))`.
    template <typename... Properties>
    util::EnableIfAllStringAny<void, Properties...> set_property(Properties&&... properties) {
        set_property(AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief A property of the compiled model, e.g. ov::supported_properties or ov::model_name.
    Any get_property(const std::string& name) const;

    /// @brief The context the compiled model runs in: where its device's tensors live.
    RemoteContext get_context() const;

    /// @brief A property of the compiled model, typed, e.g. `get_property(ov::num_streams)`.
    template <typename T, PropertyMutability mutability>
    T get_property(const ov::Property<T, mutability>& property) const {
        return get_property(property.name()).template as<T>();
    }

    /// @brief True for an empty compiled model.
    bool operator!() const noexcept;
    /// @brief True for a compiled model made by a Core.
    explicit operator bool() const noexcept;
};

}  // namespace ov
