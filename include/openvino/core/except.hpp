// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

// The exception classes have their vtables and type info in the runtime library alone (the
// destructors are its key functions), so an exception thrown by a plugin library stays valid after
// that library is unloaded, and catch clauses match across libraries built with hidden visibility.
#define DEVMUX_EXCEPTION_API __attribute__((visibility("default")))

namespace ov {

/// @brief Base class of every error the runtime raises.
class DEVMUX_EXCEPTION_API Exception : public std::runtime_error {
public:
    explicit Exception(const std::string& what_arg) : std::runtime_error(what_arg) {}
    ~Exception() override;
};

/// @brief Raised by an operation that a plugin or object does not provide.
class DEVMUX_EXCEPTION_API NotImplemented : public Exception {
public:
    explicit NotImplemented(const std::string& what_arg) : Exception(what_arg) {}
    ~NotImplemented() override;
};

/// @brief Raised by InferRequest::wait() when the request was cancelled.
class DEVMUX_EXCEPTION_API Cancelled : public Exception {
public:
    explicit Cancelled(const std::string& what_arg) : Exception(what_arg) {}
    ~Cancelled() override;
};

namespace detail {
inline void stream_all(std::ostream&) {}
template <typename T, typename... Rest>
void stream_all(std::ostream& os, const T& first, const Rest&... rest) {
    os << first;
    stream_all(os, rest...);
}
template <typename... Args>
std::string concat(const Args&... args) {
    std::ostringstream os;
    stream_all(os, args...);
    return os.str();
}
}  // namespace detail

}  // namespace ov

/// @brief Throws ov::Exception whose message is all arguments streamed together.
#define OPENVINO_THROW(...) throw ::ov::Exception(::ov::detail::concat(__VA_ARGS__))

/// @brief Throws ov::Exception with the streamed arguments unless the condition holds.
#define OPENVINO_ASSERT(cond, ...)                                                               \
    do {                                                                                         \
        if (!(cond))                                                                             \
            throw ::ov::Exception(::ov::detail::concat("Check '" #cond "' failed: ", ##__VA_ARGS__)); \
    } while (0)

/// @brief Throws ov::NotImplemented with the streamed arguments.
#define OPENVINO_NOT_IMPLEMENTED(...) throw ::ov::NotImplemented(::ov::detail::concat("Not implemented: ", ##__VA_ARGS__))
