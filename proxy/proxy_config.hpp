// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the plugins.xml entries (or register_plugin calls) of an alias say: the registration side of
// the proxy, kept by the Core and read by the proxy plugin on every call.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"

namespace devmux {
namespace proxy {

constexpr const char* alias_key = "PROXY_CONFIGURATION_ALIAS";
constexpr const char* priority_key = "PROXY_CONFIGURATION_PRIORITY";
constexpr const char* fallback_key = "PROXY_CONFIGURATION_FALLBACK";
constexpr const char* internal_name_key = "PROXY_CONFIGURATION_INTERNAL_NAME";
/// Runtime properties of a proxy.
constexpr const char* alias_for_key = "PROXY_ALIAS_FOR";
constexpr const char* device_priorities_key = "PROXY_DEVICE_PRIORITIES";
/// Read-only, per device: the member plugins' hardware devices that see it (same UUID), member order.
constexpr const char* serving_devices_key = "PROXY_SERVING_DEVICES";
/// Read-only, per device: what compile_model targets, the hardware device or "HETERO:<chain>" (a shared
/// device still compiles on its primary alone when the primary runs every op of the model).
constexpr const char* compile_target_key = "PROXY_COMPILE_TARGET";
/// Read-only: what failed while the alias enumerated its devices (members that could not list their
/// devices, devices whose ov::device::uuid could not be read), one entry each; empty when nothing did.
constexpr const char* enumeration_errors_key = "PROXY_ENUMERATION_ERRORS";

/// How an alias picks the backend of a device that several members serve: "MEASURED" or "PRIORITY".
/// Accepted on a member's plugins.xml entry (or register_plugin properties), by set_property on the
/// alias and in compile_model's config (each later one wins over the earlier); PRIORITY when none says.
constexpr const char* backend_selection_key = "PROXY_BACKEND_SELECTION";
constexpr const char* selection_measured = "MEASURED";
constexpr const char* selection_priority = "PRIORITY";
/// What MEASURED times per candidate (set_property on the alias, or compile_model's config): the warm-up
/// inferences, the timed ones (their median is the candidate's latency) and the time all of them may take
/// (at least one warm-up and one timed inference run whatever the budget).
constexpr const char* measurement_warmup_key = "PROXY_MEASUREMENT_WARMUP";
constexpr const char* measurement_runs_key = "PROXY_MEASUREMENT_RUNS";
constexpr const char* measurement_budget_ms_key = "PROXY_MEASUREMENT_BUDGET_MS";
/// Read-only, on a model compiled with MEASURED for a device served by several members: one entry per
/// candidate, "<primary device>[ via <target>]: <median> ms" or "<primary device>: failed: <error>",
/// the chosen one ending in ", chosen" (and saying where a cached decision came from).
constexpr const char* backend_measurements_key = "PROXY_BACKEND_MEASUREMENTS";

enum class BackendSelection { priority, measured };

/// MEASURED or PRIORITY (case as written); anything else is an ov::Exception naming @p where, the key
/// and the value.
BackendSelection parse_backend_selection(const ov::Any& value, const std::string& where);
const char* to_string(BackendSelection selection);

/// One alias as registered.
struct ProxyConfig {
    std::string alias;
    /// The member plugins (their real, registered names), in registration order.
    std::vector<std::string> alias_for;
    /// PROXY_CONFIGURATION_PRIORITY of members that gave one.
    std::map<std::string, int> priorities;
    /// The fallback order built from PROXY_CONFIGURATION_FALLBACK links, e.g. {A, B, CPU}. An entry
    /// equal to the alias means the plugin registered under internal_name.
    std::vector<std::string> fallback_chain;
    /// The real name of the plugin whose own name the alias took (alias equal to its name, or a
    /// fallback-only entry); empty when none did.
    std::string internal_name;
    /// PROXY_BACKEND_SELECTION from the members' entries (they must agree); nothing when none gave it.
    std::optional<BackendSelection> backend_selection;
    /// Where the entries came from ("Plugins file '/x/plugins.xml'", "register_plugin(...)"), for messages.
    std::vector<std::string> origins;
};

/// The members in device order: ascending priority (members without one after those with one, as if
/// they had max + 1), ties in registration order. With no member (a fallback-only entry) the plugin
/// named by internal_name, else the first entry of the fallback chain.
std::vector<std::string> ordered_members(const ProxyConfig& config, const std::map<std::string, int>& priorities);

/// Parses "name:priority" entries (a vector<string>, or one string separated by spaces or commas).
/// Throws ov::Exception quoting @p what and the entry that is not "name:integer".
std::map<std::string, int> parse_device_priorities(const ov::Any& value, const std::string& what);

/// An integer priority, or an ov::Exception quoting @p what and the value.
int parse_priority(const std::string& text, const std::string& what);

}  // namespace proxy
}  // namespace devmux
