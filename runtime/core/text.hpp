// SPDX-License-Identifier: Apache-2.0
#pragma once

// Text helpers the runtime's readers share (IR attributes, layouts, shapes, Any values, device identities).

#include <algorithm>
#include <cctype>
#include <string>

namespace devmux {
namespace text {

// `s` without the spaces, tabs and line ends around it.
inline std::string trim(const std::string& s) {
    constexpr const char* blank = " \t\r\n";
    const auto first = s.find_first_not_of(blank);
    if (first == std::string::npos)
        return {};
    const auto last = s.find_last_not_of(blank);
    return s.substr(first, last - first + 1);
}

// `text` with its ASCII letters in lower case (IR enum spellings and boolean words are read in any case).
inline std::string lower_case(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

}  // namespace text
}  // namespace devmux
