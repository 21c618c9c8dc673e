// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/property_table.hpp"

#include <algorithm>

#include "openvino/core/except.hpp"

namespace devmux {
namespace kit {
namespace {

std::string text_of(const ov::Any& value) {
    ov::Any copy = value;  // as<>() may cache a conversion inside the Any; never in the caller's
    try {
        return copy.as<std::string>();
    } catch (const std::exception&) {
        return "<value of type " + ov::util::type_name(copy.type_info()) + ">";
    }
}

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

}  // namespace

PropertyTable::PropertyTable(std::string plugin) : m_plugin(std::move(plugin)) {}

PropertyTable& PropertyTable::add(std::string key, ov::Any default_value, std::string accepted, Convert convert,
                                  PropertyScope scope) {
    OPENVINO_ASSERT(!m_index.count(key), m_plugin, ": property table lists ", key, " twice");
    m_index[key] = m_entries.size();
    m_entries.push_back(Entry{std::move(key), ov::PropertyMutability::RW, std::move(default_value),
                              std::move(accepted), std::move(convert), {}, scope});
    return *this;
}

PropertyTable& PropertyTable::add_read_only(std::string key, Getter getter) {
    OPENVINO_ASSERT(!m_index.count(key), m_plugin, ": property table lists ", key, " twice");
    m_index[key] = m_entries.size();
    m_entries.push_back(Entry{std::move(key), ov::PropertyMutability::RO, {}, "nothing (read-only)", {},
                              std::move(getter), PropertyScope::device});
    return *this;
}

PropertyTable& PropertyTable::device_ids(DeviceIds ids) {
    m_device_ids = std::move(ids);
    return *this;
}

PropertyTable& PropertyTable::validate(Validate check) {
    m_validate = std::move(check);
    return *this;
}

PropertyTable& PropertyTable::forward_unknown_keys() {
    m_forward_unknown = true;
    return *this;
}

const PropertyTable::Entry* PropertyTable::find(const std::string& key) const {
    const auto found = m_index.find(key);
    return found == m_index.end() ? nullptr : &m_entries[found->second];
}

std::vector<ov::PropertyName> PropertyTable::supported_properties() const {
    std::vector<ov::PropertyName> names{ov::PropertyName(ov::supported_properties.name(), ov::PropertyMutability::RO)};
    for (const auto& entry : m_entries)
        if (entry.key != ov::supported_properties.name())
            names.emplace_back(entry.key, entry.mutability);
    if (m_device_ids && !m_index.count(ov::device::id.name()))
        names.emplace_back(ov::device::id.name(), ov::PropertyMutability::RW);
    return names;
}

std::vector<std::string> PropertyTable::settable_keys() const {
    std::vector<std::string> keys;
    for (const auto& entry : m_entries)
        if (entry.mutability == ov::PropertyMutability::RW)
            keys.push_back(entry.key);
    return keys;
}

PropertyValues::PropertyValues(std::shared_ptr<const PropertyTable> table) : m_table(std::move(table)) {
    OPENVINO_ASSERT(m_table, "PropertyValues needs a property table");
}

std::vector<std::string> PropertyValues::device_ids() const {
    return m_table->m_device_ids ? m_table->m_device_ids(*this) : std::vector<std::string>{};
}

void PropertyValues::set(const ov::AnyMap& properties) {
    const PropertyTable& table = *m_table;
    PropertyValues next = *this;  // committed only when every pair and the whole result are valid
    std::string device;
    bool device_named = false;
    const auto id = properties.find(ov::device::id.name());
    if (id != properties.end() && table.m_device_ids && !table.m_index.count(ov::device::id.name())) {
        device = text_of(id->second);
        device_named = true;
    }
    for (const auto& [key, value] : properties) {
        if (device_named && key == ov::device::id.name())
            continue;
        const PropertyTable::Entry* entry = table.find(key);
        if (!entry) {
            if (table.m_forward_unknown) {
                next.m_forwarded[key] = value;
                continue;
            }
            std::vector<std::string> keys = table.settable_keys();
            if (table.m_device_ids)
                keys.push_back(ov::device::id.name());
            OPENVINO_THROW(table.plugin(), ": unsupported property '", key, "' (value '", text_of(value),
                           "'); the settable properties are: ", joined(keys));
        }
        OPENVINO_ASSERT(entry->mutability == ov::PropertyMutability::RW, table.plugin(), ": property ", key,
                        " is read-only (value '", text_of(value), "')");
        ov::Any converted;
        try {
            converted = entry->convert(value);
        } catch (const ov::Exception& e) {
            OPENVINO_THROW(table.plugin(), ": invalid value '", text_of(value), "' for property ", key, ": expected ",
                           entry->accepted, " (", e.what(), ")");
        } catch (const std::exception&) {
            OPENVINO_THROW(table.plugin(), ": invalid value '", text_of(value), "' for property ", key, ": expected ",
                           entry->accepted);
        }
        if (entry->scope == PropertyScope::device && !device.empty()) {
            next.m_per_device[device][key] = std::move(converted);
        } else {
            next.m_values[key] = std::move(converted);
            if (entry->scope == PropertyScope::device && !device_named)
                for (auto& per_device : next.m_per_device)
                    per_device.second.erase(key);  // a value for every device replaces each device's own
        }
    }
    if (device_named) {
        if (!device.empty()) {
            const auto ids = next.device_ids();
            OPENVINO_ASSERT(std::find(ids.begin(), ids.end(), device) != ids.end(), table.plugin(),
                            ": invalid value '", device, "' for property ", ov::device::id.name(),
                            ": no device with id '", device, "' (its ids: ", joined(ids), ")");
        }
        next.m_selected = device;
    }
    if (table.m_validate)
        table.m_validate(next);
    *this = std::move(next);
}

ov::Any PropertyValues::stored(const PropertyTable::Entry& entry, const std::string& device_id) const {
    if (entry.scope == PropertyScope::device && !device_id.empty()) {
        const auto device = m_per_device.find(device_id);
        if (device != m_per_device.end()) {
            const auto value = device->second.find(entry.key);
            if (value != device->second.end())
                return value->second;
        }
    }
    const auto value = m_values.find(entry.key);
    return value == m_values.end() ? entry.default_value : value->second;
}

ov::Any PropertyValues::get(const std::string& key, const std::string& device_id) const {
    const std::string& device = device_id.empty() ? m_selected : device_id;
    if (key == ov::supported_properties.name() && !m_table->find(key))
        return m_table->supported_properties();
    if (key == ov::device::id.name() && m_table->m_device_ids && !m_table->find(key))
        return device;
    const PropertyTable::Entry* entry = m_table->find(key);
    if (!entry) {
        const auto forwarded = m_forwarded.find(key);
        if (forwarded != m_forwarded.end())
            return forwarded->second;
        OPENVINO_THROW(m_table->plugin(), ": unsupported property '", key,
                       "'; see ov::supported_properties for the keys it has");
    }
    if (entry->mutability == ov::PropertyMutability::RO)
        return entry->getter(*this, device);
    return stored(*entry, device);
}

ov::AnyMap PropertyValues::settable_values(const std::string& device_id) const {
    const std::string& device = device_id.empty() ? m_selected : device_id;
    ov::AnyMap values;
    for (const auto& entry : m_table->m_entries)
        if (entry.mutability == ov::PropertyMutability::RW && entry.key != ov::device::id.name())
            values[entry.key] = stored(entry, device);
    return values;
}

}  // namespace kit
}  // namespace devmux
