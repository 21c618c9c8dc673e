// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

namespace devmux::cli {

/// A plain text table: left-aligned columns padded to their widest cell, two spaces apart.
class Table {
public:
    explicit Table(std::vector<std::string> header) : m_header(std::move(header)) {}

    void add_row(std::vector<std::string> row) {
        row.resize(m_header.size());
        m_rows.push_back(std::move(row));
    }

    void print(std::ostream& out, const std::string& indent = "") const {
        std::vector<size_t> widths(m_header.size());
        for (size_t c = 0; c < m_header.size(); ++c) {
            widths[c] = m_header[c].size();
            for (const auto& row : m_rows)
                widths[c] = std::max(widths[c], row[c].size());
        }
        auto print_row = [&](const std::vector<std::string>& row) {
            std::string line = indent;
            for (size_t c = 0; c < row.size(); ++c) {
                line += row[c];
                if (c + 1 < row.size())
                    line += std::string(widths[c] - row[c].size() + 2, ' ');
            }
            out << line << '\n';
        };
        print_row(m_header);
        std::vector<std::string> rule;
        for (size_t width : widths)
            rule.emplace_back(width, '-');
        print_row(rule);
        for (const auto& row : m_rows)
            print_row(row);
    }

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

}  // namespace devmux::cli
