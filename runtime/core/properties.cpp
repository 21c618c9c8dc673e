// SPDX-License-Identifier: Apache-2.0
#include "openvino/runtime/properties.hpp"

#include <cctype>
#include <limits>
#include <sstream>
#include <vector>

namespace ov {
namespace {

template <class E>
using EnumNames = std::vector<std::pair<E, const char*>>;

// Enum values print by name; an out-of-range value (only reachable through a cast) is an error
// rather than a silently printed number, as in OpenVINO.
template <class E>
std::ostream& write_enum(std::ostream& os, E value, const EnumNames<E>& names, const char* what) {
    for (const auto& entry : names) {
        if (entry.first == value)
            return os << entry.second;
    }
    OPENVINO_THROW("Invalid ", what, " value ", static_cast<long long>(value));
}

template <class E>
std::istream& read_enum(std::istream& is, E& value, const EnumNames<E>& names, const char* what) {
    std::string token;
    if (!(is >> token))
        return is;  // failbit is set; the caller reports it
    for (const auto& entry : names) {
        if (token == entry.second) {
            value = entry.first;
            return is;
        }
    }
    std::string accepted;
    for (const auto& entry : names)
        accepted += (accepted.empty() ? "" : ", ") + std::string(entry.second);
    OPENVINO_THROW("Unsupported ", what, " \"", token, "\"; expected one of: ", accepted);
}

template <size_t N>
std::ostream& write_hex(std::ostream& os, const std::array<uint8_t, N>& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string text;
    text.reserve(2 * N);
    for (uint8_t byte : bytes) {
        text += digits[byte >> 4];
        text += digits[byte & 0x0f];
    }
    return os << text;  // built first so that the stream's width and case flags cannot change it
}

int hex_value(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

template <size_t N>
std::istream& read_hex(std::istream& is, std::array<uint8_t, N>& bytes, const char* what) {
    std::string token;
    if (!(is >> token))
        return is;
    std::string digits;
    for (char c : token) {
        if (c != '-')
            digits += c;
    }
    bool ok = digits.size() == 2 * N;
    std::array<uint8_t, N> parsed{};
    for (size_t i = 0; ok && i < N; ++i) {
        const int hi = hex_value(digits[2 * i]);
        const int lo = hex_value(digits[2 * i + 1]);
        ok = hi >= 0 && lo >= 0;
        if (ok)
            parsed[i] = static_cast<uint8_t>((hi << 4) | lo);
    }
    if (!ok)
        OPENVINO_THROW("\"", token, "\" is not a ", what, ": expected ", 2 * N, " hex digits");
    bytes = parsed;
    return is;
}

}  // namespace

namespace util {
void throw_property_value_error(const char* property, const std::string& why) {
    OPENVINO_THROW("Invalid value for property ", property, ": ", why);
}
}  // namespace util

namespace hint {

std::ostream& operator<<(std::ostream& os, const Priority& priority) {
    return write_enum(os, priority, {{Priority::LOW, "LOW"}, {Priority::MEDIUM, "MEDIUM"}, {Priority::HIGH, "HIGH"}},
                      "model priority");
}

std::istream& operator>>(std::istream& is, Priority& priority) {
    return read_enum(is, priority,
                     {{Priority::LOW, "LOW"},
                      {Priority::MEDIUM, "MEDIUM"},
                      {Priority::HIGH, "HIGH"},
                      {Priority::DEFAULT, "DEFAULT"}},
                     "model priority");
}

std::ostream& operator<<(std::ostream& os, const PerformanceMode& mode) {
    return write_enum(os, mode,
                      {{PerformanceMode::LATENCY, "LATENCY"},
                       {PerformanceMode::THROUGHPUT, "THROUGHPUT"},
                       {PerformanceMode::CUMULATIVE_THROUGHPUT, "CUMULATIVE_THROUGHPUT"}},
                      "performance mode");
}

std::istream& operator>>(std::istream& is, PerformanceMode& mode) {
    return read_enum(is, mode,
                     {{PerformanceMode::LATENCY, "LATENCY"},
                      {PerformanceMode::THROUGHPUT, "THROUGHPUT"},
                      {PerformanceMode::CUMULATIVE_THROUGHPUT, "CUMULATIVE_THROUGHPUT"}},
                     "performance mode");
}

std::ostream& operator<<(std::ostream& os, const SchedulingCoreType& type) {
    return write_enum(os, type,
                      {{SchedulingCoreType::ANY_CORE, "ANY_CORE"},
                       {SchedulingCoreType::PCORE_ONLY, "PCORE_ONLY"},
                       {SchedulingCoreType::ECORE_ONLY, "ECORE_ONLY"}},
                      "scheduling core type");
}

std::istream& operator>>(std::istream& is, SchedulingCoreType& type) {
    return read_enum(is, type,
                     {{SchedulingCoreType::ANY_CORE, "ANY_CORE"},
                      {SchedulingCoreType::PCORE_ONLY, "PCORE_ONLY"},
                      {SchedulingCoreType::ECORE_ONLY, "ECORE_ONLY"}},
                     "scheduling core type");
}

std::ostream& operator<<(std::ostream& os, const ExecutionMode& mode) {
    return write_enum(os, mode, {{ExecutionMode::PERFORMANCE, "PERFORMANCE"}, {ExecutionMode::ACCURACY, "ACCURACY"}},
                      "execution mode");
}

std::istream& operator>>(std::istream& is, ExecutionMode& mode) {
    return read_enum(is, mode, {{ExecutionMode::PERFORMANCE, "PERFORMANCE"}, {ExecutionMode::ACCURACY, "ACCURACY"}},
                     "execution mode");
}

}  // namespace hint

namespace log {

namespace {
const EnumNames<Level>& level_names() {
    static const EnumNames<Level> names{{Level::NO, "LOG_NONE"},
                                        {Level::ERR, "LOG_ERROR"},
                                        {Level::WARNING, "LOG_WARNING"},
                                        {Level::INFO, "LOG_INFO"},
                                        {Level::DEBUG, "LOG_DEBUG"},
                                        {Level::TRACE, "LOG_TRACE"}};
    return names;
}
}  // namespace

std::ostream& operator<<(std::ostream& os, const Level& level) {
    return write_enum(os, level, level_names(), "log level");
}

std::istream& operator>>(std::istream& is, Level& level) {
    return read_enum(is, level, level_names(), "log level");
}

}  // namespace log

namespace device {

std::ostream& operator<<(std::ostream& os, const UUID& device_uuid) {
    return write_hex(os, device_uuid.uuid);
}

std::istream& operator>>(std::istream& is, UUID& device_uuid) {
    return read_hex(is, device_uuid.uuid, "device UUID");
}

bool operator==(const UUID& a, const UUID& b) {
    return a.uuid == b.uuid;
}
bool operator!=(const UUID& a, const UUID& b) {
    return a.uuid != b.uuid;
}
bool operator<(const UUID& a, const UUID& b) {
    return a.uuid < b.uuid;
}

std::ostream& operator<<(std::ostream& os, const LUID& device_luid) {
    return write_hex(os, device_luid.luid);
}

std::istream& operator>>(std::istream& is, LUID& device_luid) {
    return read_hex(is, device_luid.luid, "device LUID");
}

bool operator==(const LUID& a, const LUID& b) {
    return a.luid == b.luid;
}
bool operator!=(const LUID& a, const LUID& b) {
    return a.luid != b.luid;
}
bool operator<(const LUID& a, const LUID& b) {
    return a.luid < b.luid;
}

std::ostream& operator<<(std::ostream& os, const Type& device_type) {
    return write_enum(os, device_type, {{Type::INTEGRATED, "integrated"}, {Type::DISCRETE, "discrete"}}, "device type");
}

std::istream& operator>>(std::istream& is, Type& device_type) {
    return read_enum(is, device_type, {{Type::INTEGRATED, "integrated"}, {Type::DISCRETE, "discrete"}}, "device type");
}

}  // namespace device

namespace streams {

std::ostream& operator<<(std::ostream& os, const Num& num_val) {
    if (num_val.num == AUTO.num)
        return os << "AUTO";
    if (num_val.num == NUMA.num)
        return os << "NUMA";
    return os << num_val.num;
}

std::istream& operator>>(std::istream& is, Num& num_val) {
    std::string token;
    if (!(is >> token))
        return is;
    if (token == "AUTO") {
        num_val = AUTO;
    } else if (token == "NUMA") {
        num_val = NUMA;
    } else {
        try {
            num_val = Num{static_cast<int32_t>(util::parse_signed(token, std::numeric_limits<int32_t>::min(),
                                                                  std::numeric_limits<int32_t>::max(),
                                                                  typeid(int32_t)))};
        } catch (const Exception& e) {
            OPENVINO_THROW("Invalid number of streams: ", e.what(), " (expected AUTO, NUMA or an integer)");
        }
    }
    return is;
}

}  // namespace streams
}  // namespace ov
