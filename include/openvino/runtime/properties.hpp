// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/type/element_type.hpp"

namespace ov {

class Model;

/// @brief Whether a property can be read, written or both.
enum class PropertyMutability {
    RO,  ///< read-only: reported by get_property, rejected by set_property
    RW,  ///< read and write
    WO,  ///< write-only: accepted by set_property / compile_model, never reported
};

/// @cond INTERNAL
namespace util {

/// @brief Base of every typed property, so that PropertyName can recognise one.
struct PropertyTag {};

/// @brief True when every type of a non-empty pack converts to std::pair<std::string, ov::Any>.
template <class... Args>
struct StringAny
    : std::integral_constant<bool,
                             (sizeof...(Args) > 0) &&
                                 (std::is_convertible<Args, std::pair<std::string, ov::Any>>::value && ...)> {};

/// @brief T when every Args is a (key, value) pair such as ov::num_streams(4): lets functions like
/// `compile_model(model, "CPU", ov::num_streams(2), ov::enable_profiling(true))` take properties variadically.
template <class T, class... Args>
using EnableIfAllStringAny = std::enable_if_t<StringAny<Args...>::value, T>;

/// @brief A property name bound to its value type and mutability.
template <class T, PropertyMutability mutability_ = PropertyMutability::RW>
struct BaseProperty : public PropertyTag {
    using value_type = T;
    static constexpr PropertyMutability mutability = mutability_;

    constexpr BaseProperty(const char* name) : m_name{name} {}

    /// @brief The key string, e.g. "NUM_STREAMS".
    constexpr const char* name() const {
        return m_name;
    }

    bool operator==(const std::string& str) const {
        return str == m_name;
    }
    bool operator!=(const std::string& str) const {
        return str != m_name;
    }
    friend bool operator==(const std::string& str, const BaseProperty& property) {
        return str == property.m_name;
    }
    friend bool operator!=(const std::string& str, const BaseProperty& property) {
        return str != property.m_name;
    }

private:
    const char* m_name = nullptr;
};

template <class T, PropertyMutability M>
std::ostream& operator<<(std::ostream& os, const BaseProperty<T, M>& property) {
    return os << property.name();
}

[[noreturn]] void throw_property_value_error(const char* property, const std::string& why);

// Turns the argument of a property call into the property's value type. Strings are parsed (so
// ov::num_streams("AUTO") and ov::hint::inference_precision("f16") work), integers are range-checked
// (so ov::hint::num_requests(-1) fails instead of wrapping), anything else is converted with static_cast.
template <class T, class V>
T make_property_value(const char* property, V&& arg) {
    using A = std::decay_t<V>;
    if constexpr (!std::is_same<T, std::string>::value && std::is_convertible<V, std::string>::value &&
                  is_parsable_v<T>) {
        try {
            return from_string<T>(std::string(std::forward<V>(arg)));
        } catch (const std::exception& e) {
            throw_property_value_error(property, e.what());
        }
    } else if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value && std::is_integral<A>::value &&
                         !std::is_same<A, bool>::value) {
        try {
            return number_cast<T>(to_number(arg), typeid(A));
        } catch (const std::exception& e) {
            throw_property_value_error(property, e.what());
        }
    } else {
        return static_cast<T>(std::forward<V>(arg));
    }
}

}  // namespace util
/// @endcond

/// @brief A typed property: `ov::num_streams(4)` gives the pair {"NUM_STREAMS", Any(streams::Num{4})}.
template <class T, PropertyMutability mutability_ = PropertyMutability::RW>
class Property : public util::BaseProperty<T, mutability_> {
public:
    using util::BaseProperty<T, mutability_>::BaseProperty;

    /// @brief The (key, value) pair for set_property / compile_model; the value always holds a T.
    template <class... Args>
    std::pair<std::string, Any> operator()(Args&&... args) const {
        if constexpr (sizeof...(Args) == 1) {
            return {this->name(), Any(util::make_property_value<T>(this->name(), std::forward<Args>(args)...))};
        } else {
            return {this->name(), Any::make<T>(std::forward<Args>(args)...)};
        }
    }
};

/// @brief A read-only property: it can name a value to get, never make one to set.
template <class T>
class Property<T, PropertyMutability::RO> : public util::BaseProperty<T, PropertyMutability::RO> {
public:
    using util::BaseProperty<T, PropertyMutability::RO>::BaseProperty;
};

/// @brief A property key with its mutability, as listed by ov::supported_properties. Prints as the key.
struct PropertyName : public std::string {
    using std::string::string;

    PropertyName() = default;

    PropertyName(const std::string& str, PropertyMutability mutability = PropertyMutability::RW)
        : std::string{str},
          m_mutability{mutability} {}

    /// @brief From a typed property, e.g. `PropertyName{ov::device::full_name}` (read-only).
    template <class T, std::enable_if_t<std::is_base_of<util::PropertyTag, T>::value, int> = 0>
    PropertyName(const T& property) : std::string{property.name()},
                                      m_mutability{T::mutability} {}

    /// @brief False only for read-only properties.
    bool is_mutable() const {
        return m_mutability != PropertyMutability::RO;
    }

    PropertyMutability get_mutability() const {
        return m_mutability;
    }

private:
    PropertyMutability m_mutability = PropertyMutability::RW;
};

/// @brief Read-only: the properties a device or compiled model supports.
inline constexpr Property<std::vector<PropertyName>, PropertyMutability::RO> supported_properties{
    "SUPPORTED_PROPERTIES"};

/// @brief Read-only: the properties that change a compiled blob, and therefore the cache key.
inline constexpr Property<std::vector<PropertyName>, PropertyMutability::RO> caching_properties{"CACHING_PROPERTIES"};

/// @brief Read-only: the device ids of a device ("0", "1", ...).
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> available_devices{"AVAILABLE_DEVICES"};

/// @brief Read-only: the name of the model a compiled model was built from.
inline constexpr Property<std::string, PropertyMutability::RO> model_name{"NETWORK_NAME"};

/// @brief Read-only: how many infer requests a compiled model runs best with.
inline constexpr Property<uint32_t, PropertyMutability::RO> optimal_number_of_infer_requests{
    "OPTIMAL_NUMBER_OF_INFER_REQUESTS"};

/// @brief Performance hints and their values.
namespace hint {

/// @brief The precision a device computes in.
inline constexpr Property<element::Type, PropertyMutability::RW> inference_precision{"INFERENCE_PRECISION_HINT"};

/// @brief Model priorities.
enum class Priority {
    LOW = 0,
    MEDIUM = 1,
    HIGH = 2,
    DEFAULT = MEDIUM,
};
/// @brief Writes LOW, MEDIUM or HIGH.
std::ostream& operator<<(std::ostream& os, const Priority& priority);
/// @brief Reads LOW, MEDIUM, HIGH or DEFAULT.
std::istream& operator>>(std::istream& is, Priority& priority);

/// @brief Which model gets scarce resources first.
inline constexpr Property<Priority> model_priority{"MODEL_PRIORITY"};

/// @brief Performance modes.
enum class PerformanceMode {
    LATENCY = 1,
    THROUGHPUT = 2,
    CUMULATIVE_THROUGHPUT = 3,
};
/// @brief Writes LATENCY, THROUGHPUT or CUMULATIVE_THROUGHPUT.
std::ostream& operator<<(std::ostream& os, const PerformanceMode& mode);
/// @brief Reads LATENCY, THROUGHPUT or CUMULATIVE_THROUGHPUT.
std::istream& operator>>(std::istream& is, PerformanceMode& mode);

/// @brief What a device tunes itself for.
inline constexpr Property<PerformanceMode> performance_mode{"PERFORMANCE_HINT"};

/// @brief CPU core types a scheduler may use.
enum class SchedulingCoreType {
    ANY_CORE = 0,
    PCORE_ONLY = 1,
    ECORE_ONLY = 2,
};
/// @brief Writes ANY_CORE, PCORE_ONLY or ECORE_ONLY.
std::ostream& operator<<(std::ostream& os, const SchedulingCoreType& type);
/// @brief Reads ANY_CORE, PCORE_ONLY or ECORE_ONLY.
std::istream& operator>>(std::istream& is, SchedulingCoreType& type);

/// @brief Which CPU cores inference may run on.
inline constexpr Property<SchedulingCoreType> scheduling_core_type{"SCHEDULING_CORE_TYPE"};

/// @brief Whether inference threads are pinned to CPU cores.
inline constexpr Property<bool> enable_cpu_pinning{"ENABLE_CPU_PINNING"};

/// @brief Whether both hyper-threads of a core are used.
inline constexpr Property<bool> enable_hyper_threading{"ENABLE_HYPER_THREADING"};

/// @brief How many requests the application keeps in flight (0: no limit).
inline constexpr Property<uint32_t> num_requests{"PERFORMANCE_HINT_NUM_REQUESTS"};

/// @brief The model a query (such as optimal batch size) is about.
inline constexpr Property<std::shared_ptr<const ov::Model>> model{"MODEL_PTR"};

/// @brief Whether automatic batching may be applied.
inline constexpr Property<bool, PropertyMutability::RW> allow_auto_batching{"ALLOW_AUTO_BATCHING"};

/// @brief Execution modes.
enum class ExecutionMode {
    PERFORMANCE = 1,
    ACCURACY = 2,
};
/// @brief Writes PERFORMANCE or ACCURACY.
std::ostream& operator<<(std::ostream& os, const ExecutionMode& mode);
/// @brief Reads PERFORMANCE or ACCURACY.
std::istream& operator>>(std::istream& is, ExecutionMode& mode);

/// @brief Whether a device may trade accuracy for speed.
inline constexpr Property<ExecutionMode> execution_mode{"EXECUTION_MODE_HINT"};

}  // namespace hint

/// @brief Whether infer requests collect per-operation profiling.
inline constexpr Property<bool> enable_profiling{"PERF_COUNT"};

/// @brief Logging.
namespace log {

#ifdef DEBUG
#    define DEVMUX_SAVED_DEBUG_MACRO DEBUG
#    undef DEBUG
#endif

/// @brief Log levels.
enum class Level {
    NO = -1,
    ERR = 0,
    WARNING = 1,
    INFO = 2,
    DEBUG = 3,
    TRACE = 4,
};
/// @brief Writes LOG_NONE, LOG_ERROR, LOG_WARNING, LOG_INFO, LOG_DEBUG or LOG_TRACE.
std::ostream& operator<<(std::ostream& os, const Level& level);
/// @brief Reads the names operator<< writes.
std::istream& operator>>(std::istream& is, Level& level);

/// @brief The log level.
inline constexpr Property<Level> level{"LOG_LEVEL"};

#ifdef DEVMUX_SAVED_DEBUG_MACRO
#    define DEBUG DEVMUX_SAVED_DEBUG_MACRO
#    undef DEVMUX_SAVED_DEBUG_MACRO
#endif

}  // namespace log

/// @brief The folder where compiled blobs are cached; empty disables caching.
inline constexpr Property<std::string> cache_dir{"CACHE_DIR"};

/// @brief Read-only: whether a compiled model came from the cache.
inline constexpr Property<bool, PropertyMutability::RO> loaded_from_cache{"LOADED_FROM_CACHE"};

/// @brief Read-only: the range of stream counts a device supports, as (lowest, highest).
inline constexpr Property<std::tuple<unsigned int, unsigned int>, PropertyMutability::RO> range_for_streams{
    "RANGE_FOR_STREAMS"};

/// @brief Read-only: the batch size that runs best for ov::hint::model.
inline constexpr Property<unsigned int, PropertyMutability::RO> optimal_batch_size{"OPTIMAL_BATCH_SIZE"};

/// @brief Read-only: the largest batch size that fits in device memory.
inline constexpr Property<uint32_t, PropertyMutability::RO> max_batch_size{"MAX_BATCH_SIZE"};

/// @brief Milliseconds automatic batching waits to gather a batch.
inline constexpr Property<uint32_t, PropertyMutability::RW> auto_batch_timeout{"AUTO_BATCH_TIMEOUT"};

/// @brief Read-only: (lowest, highest, step) for the number of asynchronous infer requests.
inline constexpr Property<std::tuple<unsigned int, unsigned int, unsigned int>, PropertyMutability::RO>
    range_for_async_infer_requests{"RANGE_FOR_ASYNC_INFER_REQUESTS"};

/// @brief Whether model files are memory-mapped when read.
inline constexpr Property<bool, PropertyMutability::RW> enable_mmap{"ENABLE_MMAP"};

/// @brief Device identification and selection.
namespace device {

/// @brief The device id ("0", "1", ...) to use.
inline constexpr Property<std::string> id{"DEVICE_ID"};

/// @brief Property type of ov::device::priorities: its call joins device names with ','.
struct Priorities : public Property<std::string> {
    using Property<std::string>::Property;

    /// @brief `priorities("GPU", "CPU")` gives {"MULTI_DEVICE_PRIORITIES", "GPU,CPU"}.
    template <class... Args>
    std::pair<std::string, Any> operator()(Args&&... args) const {
        static_assert(sizeof...(Args) > 0, "ov::device::priorities needs at least one device name");
        static_assert((std::is_convertible<Args, std::string>::value && ...),
                      "ov::device::priorities takes device names (strings)");
        std::string joined;
        bool first = true;
        auto append = [&joined, &first](const std::string& device) {
            if (!first)
                joined += ',';
            joined += device;
            first = false;
        };
        (append(std::string(std::forward<Args>(args))), ...);
        return {name(), Any(std::move(joined))};
    }
};

/// @brief Devices in priority order, comma-separated ("GPU,CPU").
inline constexpr Priorities priorities{"MULTI_DEVICE_PRIORITIES"};

/// @brief Property type of ov::device::properties.
///
/// As in OpenVINO 2023.1 and later, properties for one device go under the key
/// "DEVICE_PROPERTIES_<device>" (so that several devices fit in one AnyMap), while the key
/// "DEVICE_PROPERTIES" carries a whole map {device: AnyMap}, the form get_property reports.
struct Properties : public Property<std::map<std::string, std::map<std::string, Any>>> {
    using Property<std::map<std::string, std::map<std::string, Any>>>::Property;

    /// @brief {"DEVICE_PROPERTIES", config}, where config maps device names to their AnyMap.
    std::pair<std::string, Any> operator()(const AnyMap& config) const {
        return {name(), config};
    }

    /// @brief {"DEVICE_PROPERTIES_<device_name>", config}.
    std::pair<std::string, Any> operator()(const std::string& device_name, const AnyMap& config) const {
        return {name() + std::string("_") + device_name, config};
    }

    /// @brief {"DEVICE_PROPERTIES_<device_name>", AnyMap{configs...}}, e.g.
    /// `ov::device::properties("CPU", ov::num_streams(4), ov::enable_profiling(true))`.
    template <class... Configs>
    util::EnableIfAllStringAny<std::pair<std::string, Any>, Configs...> operator()(const std::string& device_name,
                                                                                  Configs&&... configs) const {
        return {name() + std::string("_") + device_name,
                AnyMap{std::pair<std::string, Any>{std::forward<Configs>(configs)}...}};
    }
};

/// @brief Properties meant for one device of a multi-device (HETERO, MULTI, ...) setup.
inline constexpr Properties properties{"DEVICE_PROPERTIES"};

/// @brief Read-only: the human-readable device name.
inline constexpr Property<std::string, PropertyMutability::RO> full_name{"FULL_DEVICE_NAME"};

/// @brief Read-only: the device architecture.
inline constexpr Property<std::string, PropertyMutability::RO> architecture{"DEVICE_ARCHITECTURE"};

/// @brief A device UUID: 16 bytes, printed as 32 lower-case hex digits.
struct UUID {
    static const uint64_t MAX_UUID_SIZE = 16;
    std::array<uint8_t, MAX_UUID_SIZE> uuid;
};
/// @brief Writes 32 lower-case hex digits.
std::ostream& operator<<(std::ostream& os, const UUID& device_uuid);
/// @brief Reads 32 hex digits (either case; '-' separators are skipped); throws ov::Exception otherwise.
std::istream& operator>>(std::istream& is, UUID& device_uuid);
bool operator==(const UUID& a, const UUID& b);
bool operator!=(const UUID& a, const UUID& b);
bool operator<(const UUID& a, const UUID& b);

/// @brief Read-only: the device UUID; devices reached through several plugins share it.
inline constexpr Property<UUID, PropertyMutability::RO> uuid{"DEVICE_UUID"};

/// @brief A device LUID: 8 bytes, printed as 16 lower-case hex digits.
struct LUID {
    static const uint64_t MAX_LUID_SIZE = 8;
    std::array<uint8_t, MAX_LUID_SIZE> luid;
};
/// @brief Writes 16 lower-case hex digits.
std::ostream& operator<<(std::ostream& os, const LUID& device_luid);
/// @brief Reads 16 hex digits (either case); throws ov::Exception otherwise.
std::istream& operator>>(std::istream& is, LUID& device_luid);
bool operator==(const LUID& a, const LUID& b);
bool operator!=(const LUID& a, const LUID& b);
bool operator<(const LUID& a, const LUID& b);

/// @brief Read-only: the device LUID.
inline constexpr Property<LUID, PropertyMutability::RO> luid{"DEVICE_LUID"};

/// @brief Device types.
enum class Type {
    INTEGRATED = 0,
    DISCRETE = 1,
};
/// @brief Writes "integrated" or "discrete".
std::ostream& operator<<(std::ostream& os, const Type& device_type);
/// @brief Reads "integrated" or "discrete".
std::istream& operator>>(std::istream& is, Type& device_type);

/// @brief Read-only: whether the device is integrated or discrete.
inline constexpr Property<Type, PropertyMutability::RO> type{"DEVICE_TYPE"};

/// @brief Read-only: giga-operations per second for each precision.
inline constexpr Property<std::map<element::Type, float>, PropertyMutability::RO> gops{"DEVICE_GOPS"};

/// @brief Read-only: the device temperature.
inline constexpr Property<float, PropertyMutability::RO> thermal{"DEVICE_THERMAL"};

/// @brief Read-only: what the device can do; see ov::device::capability.
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> capabilities{"OPTIMIZATION_CAPABILITIES"};

/// @brief Values reported in ov::device::capabilities.
namespace capability {
inline constexpr const char* FP32 = "FP32";
inline constexpr const char* BF16 = "BF16";
inline constexpr const char* FP16 = "FP16";
inline constexpr const char* INT8 = "INT8";
inline constexpr const char* INT16 = "INT16";
inline constexpr const char* BIN = "BIN";
inline constexpr const char* WINOGRAD = "WINOGRAD";
inline constexpr const char* EXPORT_IMPORT = "EXPORT_IMPORT";
}  // namespace capability

}  // namespace device

/// @brief Streams of the streams executor.
namespace streams {

/// @brief A number of streams, or one of the special values AUTO (-1) and NUMA (-2).
struct Num {
    /// @brief Representable as one int32_t, so ov::Any converts it to and from integers.
    using Base = std::tuple<int32_t>;

    constexpr Num() : num{-1} {}
    constexpr Num(const int32_t num_) : num{num_} {}
    constexpr operator int32_t() const {
        return num;
    }

    int32_t num = 0;
};

/// @brief The number of streams.
inline constexpr Property<Num, PropertyMutability::RW> num{"NUM_STREAMS"};

/// @brief As few streams as give good performance.
inline constexpr Num AUTO{-1};
/// @brief One stream per NUMA node.
inline constexpr Num NUMA{-2};

/// @brief Writes AUTO, NUMA or the number.
std::ostream& operator<<(std::ostream& os, const Num& num_val);
/// @brief Reads AUTO, NUMA or an integer.
std::istream& operator>>(std::istream& is, Num& num_val);

}  // namespace streams

/// @brief The number of streams (same key as ov::streams::num).
inline constexpr Property<streams::Num, PropertyMutability::RW> num_streams{"NUM_STREAMS"};

/// @brief The most threads inference may use.
inline constexpr Property<int32_t, PropertyMutability::RW> inference_num_threads{"INFERENCE_NUM_THREADS"};

/// @brief The most threads compilation may use.
inline constexpr Property<int32_t, PropertyMutability::RW> compilation_num_threads{"COMPILATION_NUM_THREADS"};

/// @brief Read-only: the devices a compiled model actually runs on.
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> execution_devices{"EXECUTION_DEVICES"};

}  // namespace ov
