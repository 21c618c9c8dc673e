// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {
namespace kit {

class PropertyValues;

/// @brief Whether one value serves every device of the plugin, or each device id keeps its own
/// (`OPENCL.1` configured apart from `OPENCL.0`; a value set without a device id is every device's default).
enum class PropertyScope { plugin, device };

/// @brief A plugin's typed property table: every key it knows, with its type, default, mutability and
/// accepted values. It validates and converts values, generates ov::supported_properties, and holds the
/// getters of read-only keys. Errors name the plugin, the key, the value and what is accepted.
class PropertyTable {
    template <typename T>
    struct NonDeduced {
        using type = T;
    };

public:
    /// @brief Converts a value to the stored type; throws (any std::exception) to refuse it.
    using Convert = std::function<ov::Any(const ov::Any& value)>;
    /// @brief Computes a read-only value for a device id ("" when none was named).
    using Getter = std::function<ov::Any(const PropertyValues& values, const std::string& device_id)>;
    /// @brief The plugin's device ids under the given values (mock and GPU plugins configure them).
    using DeviceIds = std::function<std::vector<std::string>(const PropertyValues& values)>;
    /// @brief Checks a whole configuration after a set(); throws ov::Exception to refuse it.
    using Validate = std::function<void(const PropertyValues& values)>;

    struct Entry {
        std::string key;
        ov::PropertyMutability mutability;
        ov::Any default_value;  ///< settable keys only
        std::string accepted;   ///< what is accepted, in words, for error messages
        Convert convert;        ///< settable keys only
        Getter getter;          ///< read-only keys only
        PropertyScope scope;
    };

    /// @param plugin the name errors start with ("CPU", "HETERO")
    explicit PropertyTable(std::string plugin);

    /// @brief A settable key of type T; `valid` (optional) refuses values of the right type but out of range.
    template <typename T, ov::PropertyMutability M>
    PropertyTable& add(const ov::Property<T, M>& property, typename NonDeduced<T>::type default_value,
                       std::string accepted, typename NonDeduced<std::function<bool(const T&)>>::type valid = {},
                       PropertyScope scope = PropertyScope::plugin) {
        return add(property.name(), ov::Any(std::move(default_value)), std::move(accepted),
                   [valid](const ov::Any& value) {
                       ov::Any copy = value;
                       T converted = copy.as<T>();
                       if (valid && !valid(converted))
                           throw std::invalid_argument("out of range");
                       return ov::Any(std::move(converted));
                   },
                   scope);
    }
    /// @brief A settable key with its own conversion (custom keys, lists given as strings).
    PropertyTable& add(std::string key, ov::Any default_value, std::string accepted, Convert convert,
                       PropertyScope scope = PropertyScope::plugin);
    /// @brief A read-only key computed on request.
    PropertyTable& add_read_only(std::string key, Getter getter);
    template <typename T, ov::PropertyMutability M>
    PropertyTable& add_read_only(const ov::Property<T, M>& property, Getter getter) {
        return add_read_only(property.name(), std::move(getter));
    }
    /// @brief Makes ov::device::id a settable key: the ids `ids` gives are accepted ("" means every device).
    PropertyTable& device_ids(DeviceIds ids);
    /// @brief A check of the whole configuration, run after each set() before anything changes.
    PropertyTable& validate(Validate check);
    /// @brief Keys the table does not know are kept (PropertyValues::forwarded()) instead of refused:
    /// for plugins that hand properties on to others (HETERO).
    PropertyTable& forward_unknown_keys();

    const std::string& plugin() const { return m_plugin; }
    /// @brief Null for unknown keys.
    const Entry* find(const std::string& key) const;
    /// @brief ov::supported_properties first, then every key in the order added (ov::device::id after them).
    std::vector<ov::PropertyName> supported_properties() const;
    /// @brief The settable keys (ov::device::id excluded), in the order added.
    std::vector<std::string> settable_keys() const;

private:
    friend class PropertyValues;
    std::string m_plugin;
    std::vector<Entry> m_entries;
    std::map<std::string, size_t> m_index;
    DeviceIds m_device_ids;
    Validate m_validate;
    bool m_forward_unknown = false;
};

/// @brief One configuration under a table: the plugin's settings, or a compiled model's copy of them.
/// Not thread-safe; a plugin guards its own instance.
class PropertyValues {
public:
    explicit PropertyValues(std::shared_ptr<const PropertyTable> table);

    /// @brief Applies every pair or none. ov::device::id among them selects the device whose
    /// device-scoped keys are set (and selected_device()); without it they are set for every device.
    /// @throws ov::Exception naming the plugin, the key, the value and what is accepted, for an unknown
    /// key, a read-only key, a value of the wrong type or out of range, or an unknown device id.
    void set(const ov::AnyMap& properties);
    /// @brief The value of a key for a device id (empty: selected_device()); read-only keys are computed.
    /// @throws ov::Exception naming the plugin and the key when the key is unknown.
    ov::Any get(const std::string& key, const std::string& device_id = {}) const;
    template <typename T, ov::PropertyMutability M>
    T get(const ov::Property<T, M>& property, const std::string& device_id = {}) const {
        return get(property.name(), device_id).template as<T>();
    }
    /// @brief Whether the table knows the key.
    bool has(const std::string& key) const { return m_table->find(key) != nullptr; }
    /// @brief The device the last set() named with ov::device::id ("" when none).
    const std::string& selected_device() const { return m_selected; }
    void select_device(const std::string& device_id) { m_selected = device_id; }
    /// @brief The settable values for a device, ov::device::id left out (what a compiled model exports).
    ov::AnyMap settable_values(const std::string& device_id = {}) const;
    /// @brief Keys the table does not know, kept when it forwards them (PropertyTable::forward_unknown_keys).
    const ov::AnyMap& forwarded() const { return m_forwarded; }
    /// @brief The device ids the table's DeviceIds gives for these values (empty when it has none).
    std::vector<std::string> device_ids() const;
    const PropertyTable& table() const { return *m_table; }

private:
    ov::Any stored(const PropertyTable::Entry& entry, const std::string& device_id) const;

    std::shared_ptr<const PropertyTable> m_table;
    std::map<std::string, ov::Any> m_values;                            // plugin-level values set
    std::map<std::string, std::map<std::string, ov::Any>> m_per_device;  // device id -> device-scoped values
    ov::AnyMap m_forwarded;
    std::string m_selected;
};

/// @brief A read-only getter that always gives @p value (a compiled model's settings, fixed at compile time).
inline PropertyTable::Getter fixed_value(ov::Any value) {
    return [value](const PropertyValues&, const std::string&) { return value; };
}

/// @brief Throws the error of a compiled model whose settings are fixed at compile time, naming @p owner
/// ("CPU", "OPENCL") and every key of @p properties.
[[noreturn]] inline void refuse_compiled_model_settings(const std::string& owner, const ov::AnyMap& properties) {
    std::string keys;
    for (const auto& kv : properties)
        keys += (keys.empty() ? "" : ", ") + kv.first;
    OPENVINO_NOT_IMPLEMENTED(owner, ": a compiled model's properties are fixed at compile time; cannot set ", keys);
}

}  // namespace kit
}  // namespace devmux
