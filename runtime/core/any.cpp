// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/any.hpp"
#include "core/text.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <memory>

namespace ov {
namespace util {
namespace {

// Removes ", std::allocator<...> " and ", std::less<...> " template arguments that only add noise.
void drop_default_arguments(std::string& name, const std::string& marker) {
    for (auto pos = name.find(marker); pos != std::string::npos; pos = name.find(marker, pos)) {
        size_t i = pos + marker.size();
        int depth = 1;
        while (i < name.size() && depth > 0) {
            if (name[i] == '<')
                ++depth;
            else if (name[i] == '>')
                --depth;
            ++i;
        }
        if (depth != 0)
            return;
        while (i < name.size() && name[i] == ' ')
            ++i;
        name.erase(pos, i - pos);
    }
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (auto pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
        text.replace(pos, from.size(), to);
}

// std::from_chars rejects a leading '+', which people write in configuration values.
const char* skip_plus(const std::string& token) {
    return (token.size() > 1 && token[0] == '+') ? token.data() + 1 : token.data();
}

template <class F>
void parse_floating_impl(const std::string& token, F& value) {
    const char* first = skip_plus(token);
    const char* last = token.data() + token.size();
    F parsed{};
    const auto result = std::from_chars(first, last, parsed);
    if (result.ec == std::errc::result_out_of_range)
        OPENVINO_THROW("\"", token, "\" is out of range for ", type_name<F>());
    if (result.ec != std::errc() || result.ptr != last)
        OPENVINO_THROW("\"", token, "\" is not a number");
    value = parsed;
}

template <class F>
void write_floating_impl(std::ostream& os, F value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
    if (result.ec != std::errc()) {
        os << value;
        return;
    }
    os.write(buffer, result.ptr - buffer);
}

}  // namespace

std::string type_name(const std::type_info& info) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> demangled(abi::__cxa_demangle(info.name(), nullptr, nullptr, &status),
                                                     std::free);
    std::string name = (status == 0 && demangled) ? demangled.get() : info.name();
    replace_all(name, "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string");
    replace_all(name, "std::__cxx11::", "std::");
    drop_default_arguments(name, ", std::allocator<");
    drop_default_arguments(name, ", std::less<");
    return name;
}

void throw_parse_error(const std::string& text, const std::type_info& to, const std::string& why) {
    OPENVINO_THROW("cannot parse \"", text, "\" as ", type_name(to), ": ", why);
}

long long parse_signed(const std::string& token, long long lo, long long hi, const std::type_info& to) {
    const char* first = skip_plus(token);
    const char* last = token.data() + token.size();
    long long value = 0;
    const auto result = std::from_chars(first, last, value);
    if (result.ec == std::errc() && result.ptr == last && (value < lo || value > hi))
        OPENVINO_THROW("\"", token, "\" is out of range for ", type_name(to));
    if (result.ec == std::errc::result_out_of_range)
        OPENVINO_THROW("\"", token, "\" is out of range for ", type_name(to));
    if (result.ec != std::errc() || result.ptr != last)
        OPENVINO_THROW("\"", token, "\" is not an integer");
    return value;
}

unsigned long long parse_unsigned(const std::string& token, unsigned long long hi, const std::type_info& to) {
    if (!token.empty() && token[0] == '-')
        OPENVINO_THROW("\"", token, "\" is negative, but ", type_name(to), " is unsigned");
    const char* first = skip_plus(token);
    const char* last = token.data() + token.size();
    unsigned long long value = 0;
    const auto result = std::from_chars(first, last, value);
    if (result.ec == std::errc::result_out_of_range || (result.ec == std::errc() && result.ptr == last && value > hi))
        OPENVINO_THROW("\"", token, "\" is out of range for ", type_name(to));
    if (result.ec != std::errc() || result.ptr != last)
        OPENVINO_THROW("\"", token, "\" is not an unsigned integer");
    return value;
}

void parse_floating(const std::string& token, float& value) {
    parse_floating_impl(token, value);
}
void parse_floating(const std::string& token, double& value) {
    parse_floating_impl(token, value);
}
void parse_floating(const std::string& token, long double& value) {
    parse_floating_impl(token, value);
}

void write_floating(std::ostream& os, float value) {
    write_floating_impl(os, value);
}
void write_floating(std::ostream& os, double value) {
    write_floating_impl(os, value);
}
void write_floating(std::ostream& os, long double value) {
    write_floating_impl(os, value);
}

std::vector<std::pair<std::string, std::string>> split_map_text(const std::string& raw) {
    std::vector<std::pair<std::string, std::string>> entries;
    const std::string text = devmux::text::trim(raw);
    if (text.empty())
        return entries;  // an empty map prints as nothing
    if (text.front() != '{' || text.back() != '}')
        OPENVINO_THROW("a map must be written {key:value,...}");

    auto add_entry = [&entries](const std::string& entry_text) {
        const std::string entry = devmux::text::trim(entry_text);
        if (entry.empty())
            return;
        int depth = 0;
        for (size_t i = 0; i < entry.size(); ++i) {
            const char c = entry[i];
            if (c == '{' || c == '[' || c == '(')
                ++depth;
            else if (c == '}' || c == ']' || c == ')')
                --depth;
            else if (c == ':' && depth == 0) {
                entries.emplace_back(devmux::text::trim(entry.substr(0, i)), devmux::text::trim(entry.substr(i + 1)));
                return;
            }
        }
        OPENVINO_THROW("the map entry \"", entry, "\" has no ':' between key and value");
    };

    int depth = 0;
    size_t start = 1;
    for (size_t i = 1; i + 1 < text.size(); ++i) {
        const char c = text[i];
        if (c == '{' || c == '[' || c == '(') {
            ++depth;
        } else if (c == '}' || c == ']' || c == ')') {
            if (--depth < 0)
                OPENVINO_THROW("unbalanced '", c, "' in the map");
        } else if (c == ',' && depth == 0) {
            add_entry(text.substr(start, i - start));
            start = i + 1;
        }
    }
    if (depth != 0)
        OPENVINO_THROW("unbalanced brackets in the map");
    add_entry(text.substr(start, text.size() - 1 - start));
    return entries;
}

std::string read_token(std::istream& is, const std::type_info& for_type) {
    std::string token;
    if (!(is >> token))
        OPENVINO_THROW("no text left to read a ", type_name(for_type), " from");
    return token;
}

std::vector<std::string> read_tokens(std::istream& is) {
    std::vector<std::string> tokens;
    for (std::string token; is >> token;)
        tokens.push_back(std::move(token));
    // Running out of tokens is how the list ends, not a failed read.
    if (is.eof())
        is.clear(std::ios::eofbit);
    return tokens;
}

bool only_whitespace_left(std::istream& is) {
    if (is.eof())
        return true;
    for (int c = is.get(); c != std::char_traits<char>::eof(); c = is.get()) {
        if (!std::isspace(static_cast<unsigned char>(c)))
            return false;
    }
    return true;
}

void throw_number_out_of_range(const Number& n, const std::type_info& from, const std::type_info& to) {
    std::ostringstream value;
    switch (n.kind) {
    case Number::Kind::signed_integer:
        value << n.s;
        break;
    case Number::Kind::unsigned_integer:
        value << n.u;
        break;
    case Number::Kind::floating:
        write_floating(value, n.f);
        break;
    default:
        value << "?";
    }
    OPENVINO_THROW("Bad cast from ", type_name(from), " to ", type_name(to), ": the value ", value.str(),
                   " is out of range");
}

void Write<bool>::operator()(std::ostream& os, const bool& value) const {
    os << (value ? "YES" : "NO");
}

void Read<bool>::operator()(std::istream& is, bool& value) const {
    const std::string token = read_token(is, typeid(bool));
    const std::string l = devmux::text::lower_case(token);
    if (l == "yes" || l == "true") {
        value = true;
    } else if (l == "no" || l == "false") {
        value = false;
    } else {
        OPENVINO_THROW("\"", token, "\" is not a boolean (expected YES or NO)");
    }
}

void Write<Any>::operator()(std::ostream& os, const Any& value) const {
    value.print(os);
}

void Read<Any>::operator()(std::istream& is, Any& value) const {
    std::string text;
    read_value(is, text);
    value = Any(std::move(text));
}

}  // namespace util

Any::Any(const char* str) {
    if (str == nullptr)
        OPENVINO_THROW("ov::Any cannot be built from a null C string");
    m_impl = std::make_unique<Holder<std::string>>(str);
}

Any::Any(const Any& other) : m_so(other.m_so), m_impl(other.m_impl ? other.m_impl->copy() : nullptr) {}

Any::Any(Any&& other) noexcept
    : m_so(std::move(other.m_so)),
      m_impl(std::move(other.m_impl)),
      m_converted(std::move(other.m_converted)) {}

Any& Any::operator=(const Any& other) {
    if (this != &other) {
        Any copy(other);
        *this = std::move(copy);
    }
    return *this;
}

Any& Any::operator=(Any&& other) noexcept {
    if (this != &other) {
        // Drop the old values before the old library handle: their code may live in that library.
        m_converted.clear();
        m_impl.reset();
        m_converted = std::move(other.m_converted);
        m_impl = std::move(other.m_impl);
        m_so = std::move(other.m_so);
    }
    return *this;
}

Any::~Any() = default;

Any::Any(const Any& other, const std::shared_ptr<void>& so) : Any(other) {
    if (so)
        m_so = so;
}

const std::type_info& Any::type_info() const {
    if (m_impl == nullptr)
        OPENVINO_THROW("ov::Any is empty: it has no type");
    return m_impl->type_info();
}

bool Any::empty() const {
    return m_impl == nullptr;
}

bool Any::operator==(const Any& other) const {
    if (m_impl == nullptr || other.m_impl == nullptr)
        return m_impl == nullptr && other.m_impl == nullptr;
    if (m_impl->type_info() != other.m_impl->type_info())
        return false;
    return m_impl == other.m_impl || m_impl->equal(*other.m_impl);
}

void Any::print(std::ostream& os) const {
    if (m_impl != nullptr)
        m_impl->print(os);
}

void Any::read(std::istream& is) {
    if (m_impl != nullptr)
        m_impl->read(is);
}

void* Any::addressof() {
    return m_impl ? m_impl->address() : nullptr;
}

const void* Any::addressof() const {
    return m_impl ? m_impl->address() : nullptr;
}

void Any::throw_not_comparable(const std::type_info& type) {
    OPENVINO_THROW("Cannot compare two ov::Any holding ", util::type_name(type),
                   ": the type has no operator== and cannot be printed");
}

void Any::throw_not_readable(const std::type_info& type) {
    OPENVINO_THROW("Cannot read a ", util::type_name(type),
                   " from text: the type has no operator>> and no ov::util::Read specialisation");
}

void Any::throw_bad_cast(const std::type_info& to) const {
    std::ostringstream value;
    if (m_impl->printable()) {
        m_impl->print(value);
        OPENVINO_THROW("Bad cast from ", util::type_name(m_impl->type_info()), " to ", util::type_name(to),
                       " (value: \"", value.str(), "\")");
    }
    OPENVINO_THROW("Bad cast from ", util::type_name(m_impl->type_info()), " to ", util::type_name(to),
                   " (the value cannot be printed)");
}

void Any::throw_parse_failure(const std::type_info& to, const std::string& why) const {
    OPENVINO_THROW("Bad cast from std::string to ", util::type_name(to), ": ", why);
}

void Any::throw_map_entry_failure(const std::type_info& to, const std::string& key, const std::string& why) {
    OPENVINO_THROW("Bad cast from ov::AnyMap to ", util::type_name(to), ": entry '", key, "': ", why);
}

void Any::check_not_empty(const std::type_info& to) const {
    if (m_impl == nullptr)
        OPENVINO_THROW("Bad cast: ov::Any is empty, so it cannot be read as ", util::type_name(to));
}

}  // namespace ov
