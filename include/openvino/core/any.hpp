// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <istream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "openvino/core/except.hpp"

namespace ov {

class Any;

/// @brief A map of named type-erased values: device properties, configurations.
using AnyMap = std::map<std::string, Any>;
/// @brief Run-time information attached to models, nodes and ports.
using RTMap = AnyMap;
/// @brief A vector of type-erased values.
using AnyVector = std::vector<Any>;

namespace util {

/// @brief Readable (demangled) name of a C++ type, e.g. "unsigned int", "std::string".
std::string type_name(const std::type_info& info);

template <class T>
std::string type_name() {
    return type_name(typeid(T));
}

/// @brief Customisation point: specialise to control how ov::Any writes a T as text.
/// The specialisation provides `void operator()(std::ostream&, const T&) const`.
template <class T, class = void>
struct Write;

/// @brief Customisation point: specialise to control how ov::Any parses a T from text.
/// The specialisation provides `void operator()(std::istream&, T&) const`.
template <class T, class = void>
struct Read;

/// @cond INTERNAL
namespace adl {
// Operator detection and calls live in this namespace, whose own deleted operators hide every
// operator of the enclosing namespaces from unqualified lookup. Only argument-dependent lookup
// then applies, so a type's printability does not depend on which ov headers happen to be
// included, and no implicit conversion (ov::Shape from std::vector<size_t>, ...) sneaks in.
struct Blocker {};
void operator<<(Blocker, Blocker) = delete;
void operator>>(Blocker, Blocker) = delete;
void operator==(Blocker, Blocker) = delete;

template <class T, class = void>
struct HasOstream : std::false_type {};
template <class T>
struct HasOstream<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

template <class T, class = void>
struct HasIstream : std::false_type {};
template <class T>
struct HasIstream<T, std::void_t<decltype(std::declval<std::istream&>() >> std::declval<T&>())>> : std::true_type {};

template <class T, class = void>
struct HasEqual : std::false_type {};
template <class T>
struct HasEqual<T, std::void_t<decltype(static_cast<bool>(std::declval<const T&>() == std::declval<const T&>()))>>
    : std::true_type {};

template <class T>
void write(std::ostream& os, const T& value) {
    os << value;
}
template <class T>
void read(std::istream& is, T& value) {
    is >> value;
}
template <class T>
bool equal(const T& a, const T& b) {
    return static_cast<bool>(a == b);
}
}  // namespace adl

template <class T, class = void>
struct Writable : std::false_type {};
template <class T>
struct Writable<T,
                std::void_t<decltype(std::declval<const Write<T>&>()(std::declval<std::ostream&>(),
                                                                     std::declval<const T&>()))>>
    : std::true_type {};

template <class T, class = void>
struct Readable : std::false_type {};
template <class T>
struct Readable<T,
                std::void_t<decltype(std::declval<const Read<T>&>()(std::declval<std::istream&>(),
                                                                    std::declval<T&>()))>> : std::true_type {};

/// True when ov::Any can print a T: a util::Write<T> specialisation or an operator<<.
template <class T>
constexpr bool is_printable_v = Writable<T>::value || adl::HasOstream<T>::value;

/// True when ov::Any can parse a T from a string.
template <class T>
constexpr bool is_parsable_v = std::is_same<T, std::string>::value ||
                               (std::is_default_constructible<T>::value &&
                                (Readable<T>::value || adl::HasIstream<T>::value));

// Containers compare element-wise, but std::vector's operator== is declared for any element
// type, so equality of a container is decided by its elements.
template <class T>
struct EqualityComparable : adl::HasEqual<T> {};
template <class T, class A>
struct EqualityComparable<std::vector<T, A>> : EqualityComparable<T> {};
template <class K, class C, class A>
struct EqualityComparable<std::set<K, C, A>> : EqualityComparable<K> {};
template <class K, class V, class C, class A>
struct EqualityComparable<std::map<K, V, C, A>>
    : std::integral_constant<bool, EqualityComparable<K>::value && EqualityComparable<V>::value> {};
template <class T, std::size_t N>
struct EqualityComparable<std::array<T, N>> : EqualityComparable<T> {};
template <class A, class B>
struct EqualityComparable<std::pair<A, B>>
    : std::integral_constant<bool, EqualityComparable<A>::value && EqualityComparable<B>::value> {};
template <class... Ts>
struct EqualityComparable<std::tuple<Ts...>>
    : std::integral_constant<bool, (EqualityComparable<Ts>::value && ...)> {};

[[noreturn]] void throw_parse_error(const std::string& text, const std::type_info& to, const std::string& why);

// Strict whole-token parsers; they throw ov::Exception naming the text and the target type.
long long parse_signed(const std::string& token, long long lo, long long hi, const std::type_info& to);
unsigned long long parse_unsigned(const std::string& token, unsigned long long hi, const std::type_info& to);
void parse_floating(const std::string& token, float& value);
void parse_floating(const std::string& token, double& value);
void parse_floating(const std::string& token, long double& value);
// Shortest text that reads back to the same value.
void write_floating(std::ostream& os, float value);
void write_floating(std::ostream& os, double value);
void write_floating(std::ostream& os, long double value);
// Splits "{k1:v1,k2:{a:b}}" into trimmed top-level key/value texts; empty text gives no pairs.
std::vector<std::pair<std::string, std::string>> split_map_text(const std::string& text);
// Reads a whitespace-delimited token; throws when none is left.
std::string read_token(std::istream& is, const std::type_info& for_type);
std::vector<std::string> read_tokens(std::istream& is);
bool only_whitespace_left(std::istream& is);
/// @endcond

/// @brief Writes a value as ov::Any prints it (util::Write, else operator<<, else nothing).
template <class T>
void write_value(std::ostream& os, const T& value) {
    if constexpr (Writable<T>::value) {
        Write<T>{}(os, value);
    } else if constexpr (adl::HasOstream<T>::value) {
        adl::write(os, value);
    }
}

/// @brief Text of a value as ov::Any prints it.
template <class T>
std::string to_string(const T& value) {
    if constexpr (std::is_same<T, std::string>::value) {
        return value;
    } else {
        std::ostringstream os;
        write_value(os, value);
        return os.str();
    }
}

/// @brief Reads a value from a stream (util::Read, else operator>>); a std::string takes the rest of the stream.
template <class T>
void read_value(std::istream& is, T& value) {
    if constexpr (std::is_same<T, std::string>::value) {
        value.assign(std::istreambuf_iterator<char>(is), std::istreambuf_iterator<char>());
    } else if constexpr (Readable<T>::value) {
        Read<T>{}(is, value);
        if (is.fail())
            OPENVINO_THROW("ov::util::Read failed to read a ", type_name<T>());
    } else if constexpr (adl::HasIstream<T>::value) {
        adl::read(is, value);
        if (is.fail())
            OPENVINO_THROW("operator>> failed to read a ", type_name<T>());
    } else {
        OPENVINO_THROW("Type ", type_name<T>(), " cannot be read from text: it has no operator>> and no ov::util::Read");
    }
}

/// @brief Parses a whole string into T; throws ov::Exception naming the text and T on failure or leftover text.
template <class T>
T from_string(const std::string& text) {
    if constexpr (std::is_same<T, std::string>::value) {
        return text;
    } else {
        static_assert(is_parsable_v<T>, "ov::util::from_string: T has no operator>> and no ov::util::Read");
        T value{};
        std::istringstream is(text);
        try {
            read_value(is, value);
        } catch (const std::exception& e) {
            throw_parse_error(text, typeid(T), e.what());
        }
        if (!only_whitespace_left(is))
            throw_parse_error(text, typeid(T), "unexpected text after the value");
        return value;
    }
}

// ---- Write / Read specialisations for the standard types ov::Any meets in properties ----

/// @brief Booleans are written "YES" / "NO", as OpenVINO does.
template <>
struct Write<bool> {
    void operator()(std::ostream& os, const bool& value) const;
};
/// @brief Accepts YES / NO and true / false, in any letter case.
template <>
struct Read<bool> {
    void operator()(std::istream& is, bool& value) const;
};

template <>
struct Write<Any> {
    void operator()(std::ostream& os, const Any& value) const;
};
/// @brief Reads the rest of the stream into a string-holding Any.
template <>
struct Read<Any> {
    void operator()(std::istream& is, Any& value) const;
};

template <class T>
struct Write<T, std::enable_if_t<std::is_floating_point<T>::value>> {
    void operator()(std::ostream& os, const T& value) const {
        write_floating(os, value);
    }
};

// signed char / unsigned char (int8_t / uint8_t) are numbers here, not characters.
template <class T>
struct Write<T, std::enable_if_t<std::is_same<T, signed char>::value || std::is_same<T, unsigned char>::value>> {
    void operator()(std::ostream& os, const T& value) const {
        os << static_cast<int>(value);
    }
};

template <class T>
struct Read<T,
            std::enable_if_t<std::is_arithmetic<T>::value && !std::is_same<T, bool>::value &&
                             !std::is_same<T, char>::value>> {
    void operator()(std::istream& is, T& value) const {
        const std::string token = read_token(is, typeid(T));
        if constexpr (std::is_floating_point<T>::value) {
            parse_floating(token, value);
        } else if constexpr (std::is_signed<T>::value) {
            value = static_cast<T>(parse_signed(token, std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                                                typeid(T)));
        } else {
            value = static_cast<T>(parse_unsigned(token, std::numeric_limits<T>::max(), typeid(T)));
        }
    }
};

/// @brief Vectors are written as their elements separated by one space (OpenVINO's format).
template <class T, class A>
struct Write<std::vector<T, A>, std::enable_if_t<is_printable_v<T>>> {
    void operator()(std::ostream& os, const std::vector<T, A>& vec) const {
        bool first = true;
        for (const auto& element : vec) {
            if (!first)
                os << ' ';
            first = false;
            os << to_string<T>(element);
        }
    }
};
/// @brief Vectors are read as whitespace-separated elements.
template <class T, class A>
struct Read<std::vector<T, A>, std::enable_if_t<is_parsable_v<T>>> {
    void operator()(std::istream& is, std::vector<T, A>& vec) const {
        vec.clear();
        for (const auto& token : read_tokens(is))
            vec.push_back(from_string<T>(token));
    }
};

template <class K, class C, class A>
struct Write<std::set<K, C, A>, std::enable_if_t<is_printable_v<K>>> {
    void operator()(std::ostream& os, const std::set<K, C, A>& set) const {
        bool first = true;
        for (const auto& element : set) {
            if (!first)
                os << ' ';
            first = false;
            os << to_string<K>(element);
        }
    }
};
template <class K, class C, class A>
struct Read<std::set<K, C, A>, std::enable_if_t<is_parsable_v<K>>> {
    void operator()(std::istream& is, std::set<K, C, A>& set) const {
        set.clear();
        for (const auto& token : read_tokens(is))
            set.insert(from_string<K>(token));
    }
};

/// @brief Maps are written "{key:value,key:value}" (nothing at all when empty), as OpenVINO does.
template <class K, class V, class C, class A>
struct Write<std::map<K, V, C, A>, std::enable_if_t<is_printable_v<K> && is_printable_v<V>>> {
    void operator()(std::ostream& os, const std::map<K, V, C, A>& map) const {
        if (map.empty())
            return;
        os << '{';
        bool first = true;
        for (const auto& kv : map) {
            if (!first)
                os << ',';
            first = false;
            os << to_string<K>(kv.first) << ':' << to_string<V>(kv.second);
        }
        os << '}';
    }
};
/// @brief Reads "{key:value,...}"; nested {...} and [...] values are kept whole.
template <class K, class V, class C, class A>
struct Read<std::map<K, V, C, A>, std::enable_if_t<is_parsable_v<K> && is_parsable_v<V>>> {
    void operator()(std::istream& is, std::map<K, V, C, A>& map) const {
        std::string text;
        read_value(is, text);
        map.clear();
        for (const auto& kv : split_map_text(text))
            map.emplace(from_string<K>(kv.first), from_string<V>(kv.second));
    }
};

/// @brief Tuples and pairs are written as their elements separated by one space (OpenVINO's format).
template <class... Ts>
struct Write<std::tuple<Ts...>, std::enable_if_t<(is_printable_v<Ts> && ...)>> {
    void operator()(std::ostream& os, const std::tuple<Ts...>& tuple) const {
        write_all(os, tuple, std::index_sequence_for<Ts...>{});
    }

private:
    template <std::size_t... I>
    static void write_all(std::ostream& os, const std::tuple<Ts...>& tuple, std::index_sequence<I...>) {
        ((os << (I == 0 ? "" : " ") << to_string(std::get<I>(tuple))), ...);
    }
};
template <class... Ts>
struct Read<std::tuple<Ts...>, std::enable_if_t<(is_parsable_v<Ts> && ...)>> {
    void operator()(std::istream& is, std::tuple<Ts...>& tuple) const {
        read_all(is, tuple, std::index_sequence_for<Ts...>{});
    }

private:
    template <std::size_t... I>
    static void read_all(std::istream& is, std::tuple<Ts...>& tuple, std::index_sequence<I...>) {
        ((std::get<I>(tuple) = from_string<Ts>(read_token(is, typeid(Ts)))), ...);
    }
};
template <class F, class S>
struct Write<std::pair<F, S>, std::enable_if_t<is_printable_v<F> && is_printable_v<S>>> {
    void operator()(std::ostream& os, const std::pair<F, S>& pair) const {
        os << to_string(pair.first) << ' ' << to_string(pair.second);
    }
};
template <class F, class S>
struct Read<std::pair<F, S>, std::enable_if_t<is_parsable_v<F> && is_parsable_v<S>>> {
    void operator()(std::istream& is, std::pair<F, S>& pair) const {
        pair.first = from_string<F>(read_token(is, typeid(F)));
        pair.second = from_string<S>(read_token(is, typeid(S)));
    }
};

/// @cond INTERNAL
template <class T>
struct StringKeyedMap : std::false_type {};
template <class V, class C, class A>
struct StringKeyedMap<std::map<std::string, V, C, A>> : std::true_type {};

// A number taken out of an Any, widened, for conversions between arithmetic types.
struct Number {
    enum class Kind { none, signed_integer, unsigned_integer, floating };
    Kind kind = Kind::none;
    long long s = 0;
    unsigned long long u = 0;
    long double f = 0;
};

// Types such as ov::streams::Num declare `using Base = std::tuple<int32_t>;` to say that they
// are representable as that one arithmetic type.
template <class T, class U>
struct ArithmeticBaseOfTuple {
    using type = void;
};
template <class T, class U>
struct ArithmeticBaseOfTuple<T, std::tuple<U>> {
    using type = std::conditional_t<std::is_arithmetic<U>::value && !std::is_same<U, bool>::value &&
                                        std::is_constructible<T, U>::value && std::is_convertible<T, U>::value,
                                    U,
                                    void>;
};
template <class T, class = void>
struct ArithmeticBase {
    using type = void;
};
template <class T>
struct ArithmeticBase<T, std::void_t<typename T::Base>> : ArithmeticBaseOfTuple<T, typename T::Base> {};
template <class T>
using arithmetic_base_t = typename ArithmeticBase<T>::type;

template <class T>
Number to_number(const T& value) {
    Number n;
    if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
        if constexpr (std::is_signed<T>::value) {
            n.kind = Number::Kind::signed_integer;
            n.s = static_cast<long long>(value);
        } else {
            n.kind = Number::Kind::unsigned_integer;
            n.u = static_cast<unsigned long long>(value);
        }
    } else if constexpr (std::is_floating_point<T>::value) {
        n.kind = Number::Kind::floating;
        n.f = static_cast<long double>(value);
    } else if constexpr (!std::is_void<arithmetic_base_t<T>>::value) {
        return to_number(static_cast<arithmetic_base_t<T>>(value));
    }
    return n;
}

[[noreturn]] void throw_number_out_of_range(const Number& n, const std::type_info& from, const std::type_info& to);

// Converts with range checks: out-of-range integers and non-finite or too large floating
// values going to integers throw; floating values going to integers are truncated.
template <class U>
U number_cast(const Number& n, const std::type_info& from) {
    using L = std::numeric_limits<U>;
    if constexpr (std::is_integral<U>::value) {
        switch (n.kind) {
        case Number::Kind::signed_integer:
            if constexpr (std::is_signed<U>::value) {
                if (n.s < static_cast<long long>(L::min()) || n.s > static_cast<long long>(L::max()))
                    throw_number_out_of_range(n, from, typeid(U));
            } else {
                if (n.s < 0 || static_cast<unsigned long long>(n.s) > static_cast<unsigned long long>(L::max()))
                    throw_number_out_of_range(n, from, typeid(U));
            }
            return static_cast<U>(n.s);
        case Number::Kind::unsigned_integer:
            if (n.u > static_cast<unsigned long long>(L::max()))
                throw_number_out_of_range(n, from, typeid(U));
            return static_cast<U>(n.u);
        case Number::Kind::floating: {
            const long double limit = std::ldexp(1.0L, L::digits);  // exactly representable
            const bool ok = std::is_signed<U>::value ? (n.f >= -limit && n.f < limit) : (n.f > -1.0L && n.f < limit);
            if (!ok)  // also catches NaN
                throw_number_out_of_range(n, from, typeid(U));
            return static_cast<U>(n.f);
        }
        default:
            break;
        }
    } else {
        switch (n.kind) {
        case Number::Kind::signed_integer:
            return static_cast<U>(n.s);
        case Number::Kind::unsigned_integer:
            return static_cast<U>(n.u);
        case Number::Kind::floating:
            if (std::isfinite(n.f) && std::fabs(n.f) > static_cast<long double>(L::max()))
                throw_number_out_of_range(n, from, typeid(U));
            return static_cast<U>(n.f);
        default:
            break;
        }
    }
    throw_number_out_of_range(n, from, typeid(U));
}
/// @endcond

}  // namespace util

/// @brief A type-erased value holder, source-compatible with OpenVINO's ov::Any.
///
/// Conversions done by as<T>():
/// - the stored type itself: a reference to the stored value;
/// - std::string: the printed text of any printable value ("" for an empty Any);
/// - from a stored std::string: parsed into T (operator>> or ov::util::Read<T>);
/// - between arithmetic types (bool excluded): range-checked, floating to integral truncates;
/// - between ov::AnyMap and other maps with std::string keys, converting each value.
/// Anything else throws ov::Exception naming both types and the value.
///
/// Thread safety: concurrent const use of one Any is safe except for converting as<T>() calls,
/// which cache their result inside the Any; copy the Any first to convert from several threads.
class Any {
    /// @cond INTERNAL
    struct Base {
        virtual ~Base() = default;
        virtual const std::type_info& type_info() const = 0;
        virtual std::unique_ptr<Base> copy() const = 0;
        // Precondition: other holds the same type.
        virtual bool equal(const Base& other) const = 0;
        virtual bool printable() const = 0;
        virtual void print(std::ostream& os) const = 0;
        virtual void read(std::istream& is) = 0;
        virtual util::Number number() const = 0;
        // Fills out and returns true when the value is a map with std::string keys.
        virtual bool to_any_map(AnyMap& out) const = 0;
        virtual void* address() = 0;
    };

    template <class T>
    struct Holder final : Base {
        template <class... Args>
        explicit Holder(Args&&... args) : value(std::forward<Args>(args)...) {}

        const std::type_info& type_info() const override {
            return typeid(T);
        }
        std::unique_ptr<Base> copy() const override {
            return std::make_unique<Holder<T>>(value);
        }
        bool equal(const Base& other) const override {
            const T& rhs = static_cast<const Holder<T>&>(other).value;
            if constexpr (util::EqualityComparable<T>::value) {
                return util::adl::equal(value, rhs);
            } else if constexpr (util::is_printable_v<T>) {
                return util::to_string(value) == util::to_string(rhs);
            } else {
                throw_not_comparable(typeid(T));
            }
        }
        bool printable() const override {
            return util::is_printable_v<T>;
        }
        void print(std::ostream& os) const override {
            util::write_value(os, value);
        }
        void read(std::istream& is) override {
            if constexpr (util::is_parsable_v<T>) {
                util::read_value(is, value);
            } else {
                throw_not_readable(typeid(T));
            }
        }
        util::Number number() const override {
            return util::to_number(value);
        }
        bool to_any_map(AnyMap& out) const override {
            if constexpr (util::StringKeyedMap<T>::value) {
                for (const auto& kv : value)
                    out.emplace(kv.first, Any(kv.second));
                return true;
            } else {
                (void)out;
                return false;
            }
        }
        void* address() override {
            return &value;
        }

        T value;
    };

    template <class T>
    using stored_t = std::decay_t<T>;

    template <class T>
    static constexpr bool is_char_pointer_v =
        std::is_same<std::decay_t<T>, const char*>::value || std::is_same<std::decay_t<T>, char*>::value;

    [[noreturn]] static void throw_not_comparable(const std::type_info& type);
    [[noreturn]] static void throw_not_readable(const std::type_info& type);
    [[noreturn]] void throw_bad_cast(const std::type_info& to) const;
    [[noreturn]] void throw_parse_failure(const std::type_info& to, const std::string& why) const;
    void check_not_empty(const std::type_info& to) const;

    // Keeps a converted value alive inside this Any so that as<T>() can return a reference.
    // A later conversion to the same type overwrites the slot in place, so references stay valid.
    template <class U>
    U& keep(U&& converted) const {
        if constexpr (std::is_move_assignable<U>::value) {
            for (auto& slot : m_converted) {
                if (slot->type_info() == typeid(U)) {
                    U& target = *static_cast<U*>(slot->address());
                    target = std::move(converted);
                    return target;
                }
            }
        }
        m_converted.push_back(std::make_unique<Holder<U>>(std::move(converted)));
        return *static_cast<U*>(m_converted.back()->address());
    }
    template <class U>
    static U map_from_any_map(const AnyMap& source) {
        U converted;
        for (const auto& kv : source) {
            Any element(kv.second);  // converting caches inside the Any; keep the source untouched
            try {
                converted.emplace(kv.first, element.as<typename U::mapped_type>());
            } catch (const std::exception& e) {
                throw_map_entry_failure(typeid(U), kv.first, e.what());
            }
        }
        return converted;
    }
    [[noreturn]] static void throw_map_entry_failure(const std::type_info& to,
                                                     const std::string& key,
                                                     const std::string& why);
    /// @endcond

public:
    /// @brief An empty Any.
    Any() = default;
    /// @brief An empty Any.
    Any(std::nullptr_t) {}
    /// @brief Stores a std::string (C strings are never stored as pointers).
    Any(const char* str);

    /// @brief Stores a copy of value, as its decayed type.
    template <class T,
              std::enable_if_t<!std::is_same<std::decay_t<T>, Any>::value && !std::is_abstract<std::decay_t<T>>::value &&
                                   !std::is_same<std::decay_t<T>, std::nullptr_t>::value && !is_char_pointer_v<T>,
                               int> = 0>
    Any(T&& value) : m_impl(std::make_unique<Holder<stored_t<T>>>(std::forward<T>(value))) {}

    Any(const Any& other);
    Any(Any&& other) noexcept;
    Any& operator=(const Any& other);
    Any& operator=(Any&& other) noexcept;
    ~Any();

    /// @brief Internal: a copy of other that also keeps so (the library whose code made the value) loaded
    /// for as long as the copy, or any copy of it, lives.
    Any(const Any& other, const std::shared_ptr<void>& so);

    /// @brief Builds a T in place from args.
    template <class T, class... Args>
    static Any make(Args&&... args) {
        Any any;
        any.m_impl = std::make_unique<Holder<stored_t<T>>>(std::forward<Args>(args)...);
        return any;
    }

    /// @brief The stored type; throws ov::Exception when empty.
    const std::type_info& type_info() const;

    /// @brief True when no value is stored.
    bool empty() const;

    /// @brief True when the stored value has exactly type T (after decay).
    template <class T>
    bool is() const {
        return m_impl != nullptr && m_impl->type_info() == typeid(stored_t<T>);
    }

    /// @brief The stored value as T, converting if needed (see the class description).
    template <class T>
    stored_t<T>& as() {
        using U = stored_t<T>;
        if constexpr (std::is_same<U, std::string>::value) {
            if (m_impl == nullptr)
                return keep(std::string{});
            if (is<U>())
                return *static_cast<U*>(m_impl->address());
            if (!m_impl->printable())
                throw_bad_cast(typeid(U));
            std::ostringstream os;
            m_impl->print(os);
            return keep(os.str());
        } else {
            check_not_empty(typeid(U));
            if (is<U>())
                return *static_cast<U*>(m_impl->address());
            if constexpr (util::is_parsable_v<U>) {
                if (is<std::string>()) {
                    const auto& text = *static_cast<const std::string*>(m_impl->address());
                    U parsed{};
                    try {
                        parsed = util::from_string<U>(text);
                    } catch (const std::exception& e) {
                        throw_parse_failure(typeid(U), e.what());
                    }
                    return keep(std::move(parsed));
                }
            }
            if constexpr (std::is_same<U, AnyMap>::value) {
                AnyMap converted;
                if (m_impl->to_any_map(converted))
                    return keep(std::move(converted));
            } else if constexpr (util::StringKeyedMap<U>::value) {
                if (is<AnyMap>())
                    return keep(map_from_any_map<U>(*static_cast<const AnyMap*>(m_impl->address())));
            }
            if constexpr (std::is_arithmetic<U>::value && !std::is_same<U, bool>::value) {
                const util::Number n = m_impl->number();
                if (n.kind != util::Number::Kind::none)
                    return keep(util::number_cast<U>(n, m_impl->type_info()));
            } else if constexpr (!std::is_void<util::arithmetic_base_t<U>>::value) {
                const util::Number n = m_impl->number();
                if (n.kind != util::Number::Kind::none)
                    return keep(U(util::number_cast<util::arithmetic_base_t<U>>(n, m_impl->type_info())));
            }
            throw_bad_cast(typeid(U));
        }
    }

    /// @brief The stored value as T, converting if needed (see the class description).
    template <class T>
    const stored_t<T>& as() const {
        return const_cast<Any*>(this)->as<T>();
    }

    /// @brief Equal when both are empty, or both hold the same type with equal values (compared with
    /// operator==, else by printed text).
    bool operator==(const Any& other) const;
    bool operator!=(const Any& other) const {
        return !(*this == other);
    }
    bool operator==(std::nullptr_t) const {
        return empty();
    }
    bool operator!=(std::nullptr_t) const {
        return !empty();
    }

    /// @brief Prints the value (util::Write, else operator<<); prints nothing when empty or unprintable.
    void print(std::ostream& os) const;

    /// @brief Reads into the stored value from text; does nothing when empty.
    void read(std::istream& is);

    /// @brief Address of the stored value, nullptr when empty.
    void* addressof();
    const void* addressof() const;

private:
    // Declaration order is destruction order reversed: values (whose code may live in a plugin
    // library) go before the handle that keeps that library loaded.
    std::shared_ptr<void> m_so;
    std::unique_ptr<Base> m_impl;
    mutable std::vector<std::unique_ptr<Base>> m_converted;
};

/// @brief Prints the stored value (a template so that nothing converts to Any implicitly to get printed).
template <class A, std::enable_if_t<std::is_same<A, Any>::value, int> = 0>
std::ostream& operator<<(std::ostream& os, const A& any) {
    any.print(os);
    return os;
}

/// @cond INTERNAL
// GoogleTest printer (a non-template: GoogleTest's own PrintTo template is an exact match for every
// other type, so no other value is printed through a conversion to Any).
inline void PrintTo(const Any& any, std::ostream* os) {
    any.print(*os);
}
/// @endcond

}  // namespace ov
