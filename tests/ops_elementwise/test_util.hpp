// SPDX-License-Identifier: Apache-2.0
// Helpers for the element-wise op tests: parameters, seeded random tensors, index arithmetic written
// independently of the runtime's broadcast walk, and an attribute-recording visitor.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/runtime/tensor.hpp"

namespace eltest {

inline std::shared_ptr<ov::op::v0::Parameter> param(ov::element::Type type, const ov::PartialShape& shape,
                                                    const std::string& name = "") {
    auto p = std::make_shared<ov::op::v0::Parameter>(type, shape);
    if (!name.empty())
        p->set_friendly_name(name);
    return p;
}

/// Tensor of `type` filled with values from gen(), converted with static_cast.
template <typename T, typename Gen>
ov::Tensor make_tensor(ov::element::Type type, const ov::Shape& shape, Gen gen) {
    ov::Tensor t(type, shape);
    T* p = t.data<T>();
    for (size_t i = 0; i < t.get_size(); ++i)
        p[i] = static_cast<T>(gen());
    return t;
}

/// Uniform floats in [lo, hi], never all zero for a non-degenerate range.
template <typename T = float>
ov::Tensor random_real(ov::element::Type type, const ov::Shape& shape, std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> dist(lo, hi);
    return make_tensor<T>(type, shape, [&] { return dist(rng); });
}

template <typename T>
ov::Tensor random_int(ov::element::Type type, const ov::Shape& shape, std::mt19937& rng, int64_t lo, int64_t hi) {
    std::uniform_int_distribution<int64_t> dist(lo, hi);
    return make_tensor<T>(type, shape, [&] { return dist(rng); });
}

template <typename T>
std::vector<T> values(const ov::Tensor& t) {
    const T* p = t.data<T>();
    return std::vector<T>(p, p + t.get_size());
}

inline std::vector<float> as_floats_f16(const ov::Tensor& t) {
    std::vector<float> out;
    for (auto v : values<ov::float16>(t))
        out.push_back(static_cast<float>(v));
    return out;
}

/// Coordinates of flat index `flat` in `shape` (row-major).
inline std::vector<size_t> unravel(size_t flat, const ov::Shape& shape) {
    std::vector<size_t> c(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
        c[i] = flat % shape[i];
        flat /= shape[i];
    }
    return c;
}

/// Flat index in `in` of the element numpy broadcasting sends to output coordinate `out_coord`.
inline size_t broadcast_source(const std::vector<size_t>& out_coord, const ov::Shape& in) {
    const size_t offset = out_coord.size() - in.size();
    size_t flat = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        const size_t c = in[i] == 1 ? 0 : out_coord[offset + i];
        flat = flat * in[i] + c;
    }
    return flat;
}

/// Records attributes as text on the first pass; on a replay pass hands the recorded text back.
class RecordingVisitor : public ov::AttributeVisitor {
public:
    bool on_text(const std::string& name, std::string& text) override {
        if (!m_replay) {
            m_values[name] = text;
            return false;
        }
        auto it = m_values.find(name);
        if (it == m_values.end())
            return false;
        text = it->second;
        return true;
    }
    void start_replay() { m_replay = true; }
    const std::map<std::string, std::string>& values() const { return m_values; }
    std::map<std::string, std::string>& values() { return m_values; }

private:
    std::map<std::string, std::string> m_values;
    bool m_replay = false;
};

/// Runs fn, expects an ov::Exception whose message contains every one of `parts`.
inline void expect_error(const std::function<void()>& fn, const std::vector<std::string>& parts) {
    try {
        fn();
        ADD_FAILURE() << "expected an ov::Exception";
    } catch (const ov::Exception& e) {
        const std::string what = e.what();
        for (const auto& part : parts)
            EXPECT_NE(what.find(part), std::string::npos) << "message '" << what << "' lacks '" << part << "'";
    }
}

}  // namespace eltest
