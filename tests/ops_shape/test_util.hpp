// SPDX-License-Identifier: Apache-2.0
// Helpers for the shape / data-movement op tests.
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
#include "openvino/core/node.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/runtime/tensor.hpp"

namespace ops_shape_test {

/// Records attributes as text (record mode), then writes them into another op (replay mode).
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
    void replay() { m_replay = true; }
    const std::map<std::string, std::string>& values() const { return m_values; }

private:
    std::map<std::string, std::string> m_values;
    bool m_replay = false;
};

/// The attributes of node as text.
inline std::map<std::string, std::string> attributes_of(ov::Node& node) {
    RecordingVisitor v;
    node.visit_attributes(v);
    return v.values();
}

/// Copies the attributes of from into to through the text visitor.
inline void copy_attributes(ov::Node& from, ov::Node& to) {
    RecordingVisitor v;
    from.visit_attributes(v);
    v.replay();
    to.visit_attributes(v);
}

inline std::shared_ptr<ov::op::v0::Parameter> param(const ov::element::Type& type, const ov::PartialShape& shape) {
    return std::make_shared<ov::op::v0::Parameter>(type, shape);
}

template <typename T>
std::shared_ptr<ov::op::v0::Constant> constant(const ov::element::Type& type, const ov::Shape& shape,
                                               const std::vector<T>& values) {
    return std::make_shared<ov::op::v0::Constant>(type, shape, values);
}

inline std::shared_ptr<ov::op::v0::Constant> i64_vector(const std::vector<int64_t>& values) {
    return constant(ov::element::i64, ov::Shape{values.size()}, values);
}

inline std::shared_ptr<ov::op::v0::Constant> i64_scalar(int64_t value) {
    return constant(ov::element::i64, ov::Shape{}, std::vector<int64_t>{value});
}

/// A tensor of seeded random values in [-10, 10) (f32) — never all zeros.
inline ov::Tensor random_f32(const ov::Shape& shape, uint32_t seed) {
    ov::Tensor t(ov::element::f32, shape);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-10.f, 10.f);
    for (size_t i = 0; i < t.get_size(); ++i)
        t.data<float>()[i] = dist(gen);
    return t;
}

/// A tensor whose element i is i + offset (distinct values make wrong copies visible).
template <typename T>
ov::Tensor iota_tensor(const ov::element::Type& type, const ov::Shape& shape, T offset = T{}) {
    ov::Tensor t(type, shape);
    for (size_t i = 0; i < t.get_size(); ++i)
        t.data<T>()[i] = static_cast<T>(static_cast<T>(i) + offset);
    return t;
}

inline ov::Tensor i64_tensor(const ov::Shape& shape, const std::vector<int64_t>& values) {
    ov::Tensor t(ov::element::i64, shape);
    for (size_t i = 0; i < values.size(); ++i)
        t.data<int64_t>()[i] = values[i];
    return t;
}

template <typename T>
std::vector<T> values_of(const ov::Tensor& t) {
    const T* p = t.data<T>();
    return std::vector<T>(p, p + t.get_size());
}

/// Runs fn, expecting an ov::Exception whose message contains every one of the fragments.
inline void expect_error(const std::function<void()>& fn, const std::vector<std::string>& fragments) {
    try {
        fn();
        ADD_FAILURE() << "expected an ov::Exception";
    } catch (const ov::Exception& e) {
        const std::string what = e.what();
        for (const auto& f : fragments)
            EXPECT_NE(what.find(f), std::string::npos) << "message '" << what << "' lacks '" << f << "'";
    }
}

/// Row-major flat index of coordinate c in shape s.
inline size_t flat_index(const std::vector<size_t>& c, const ov::Shape& s) {
    size_t index = 0;
    for (size_t i = 0; i < s.size(); ++i)
        index = index * s[i] + c[i];
    return index;
}

/// Calls fn(coordinate) for every coordinate of shape, in row-major order.
inline void for_each_coord(const ov::Shape& shape, const std::function<void(const std::vector<size_t>&)>& fn) {
    const size_t count = ov::shape_size(shape);
    std::vector<size_t> c(shape.size(), 0);
    for (size_t n = 0; n < count; ++n) {
        fn(c);
        for (size_t d = shape.size(); d-- > 0;) {
            if (++c[d] < shape[d])
                break;
            c[d] = 0;
        }
    }
}

}  // namespace ops_shape_test
