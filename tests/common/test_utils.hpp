// SPDX-License-Identifier: Apache-2.0
// Helpers shared by several test areas, kept in one copy: a self-removing temp folder, the parameter
// factory, seeded random tensors, tensor value extraction, tensors from and to doubles with a tolerance
// check, row-major index arithmetic written independently of the runtime, the attribute-recording visitor,
// error-message expectations and an output comparison of two compiled models. Area headers pull these in
// with using-declarations so their tests keep calling them unqualified. Header-only: tests/common has no
// CMakeLists.txt.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/runtime/compiled_model.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux_test {

/// A fresh folder under the system temp dir (mkdtemp, so unique across processes and tests), removed
/// with everything in it when the object goes.
class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "devmux_test_XXXXXX").string();
        if (!mkdtemp(&pattern[0]))
            throw std::runtime_error("mkdtemp failed for " + pattern);
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return m_path; }
    std::string file(const std::string& name) const { return m_path + "/" + name; }

private:
    std::string m_path;
};

inline std::shared_ptr<ov::op::v0::Parameter> param(const ov::element::Type& type, const ov::PartialShape& shape,
                                                    const std::string& name = "") {
    auto p = std::make_shared<ov::op::v0::Parameter>(type, shape);
    if (!name.empty())
        p->set_friendly_name(name);
    return p;
}

/// An f32 tensor of values drawn uniformly from [lo, hi) by std::mt19937(seed), in element order
/// (seeded, and never all zeros for a non-degenerate range).
inline ov::Tensor random_f32(const ov::Shape& shape, uint32_t seed, float lo, float hi) {
    ov::Tensor t(ov::element::f32, shape);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    float* data = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i)
        data[i] = dist(gen);
    return t;
}

/// Infers `input` on both compiled models and expects their single outputs to agree element-wise
/// within `tolerance` (stops at the first size mismatch or differing element).
inline void expect_same_output(ov::CompiledModel& a, ov::CompiledModel& b, const ov::Tensor& input, float tolerance) {
    auto ra = a.create_infer_request();
    auto rb = b.create_infer_request();
    ra.set_input_tensor(input);
    rb.set_input_tensor(input);
    ra.infer();
    rb.infer();
    const ov::Tensor ya = ra.get_output_tensor(), yb = rb.get_output_tensor();
    ASSERT_EQ(ya.get_size(), yb.get_size());
    for (size_t i = 0; i < ya.get_size(); ++i)
        ASSERT_NEAR(ya.data<float>()[i], yb.data<float>()[i], tolerance) << i;
}

/// The elements of a tensor whose storage type is T.
template <typename T>
std::vector<T> values(const ov::Tensor& t) {
    const T* p = t.data<T>();
    return std::vector<T>(p, p + t.get_size());
}

// Op tests state inputs and expectations as doubles whatever the element type under test; these convert at
// the tensor boundary (f16 rounds to half precision, boolean holds 0 or 1).
inline ov::Tensor make_tensor(const ov::element::Type& type, const ov::Shape& shape, const std::vector<double>& v) {
    ov::Tensor t(type, shape);
    EXPECT_EQ(v.size(), t.get_size()) << "make_tensor: value count does not match shape " << shape;
    for (size_t i = 0; i < t.get_size() && i < v.size(); ++i) {
        switch (ov::element::Type_t(type)) {
        case ov::element::Type_t::f32: t.data<float>()[i] = static_cast<float>(v[i]); break;
        case ov::element::Type_t::f64: t.data<double>()[i] = v[i]; break;
        case ov::element::Type_t::f16: t.data<ov::float16>()[i] = ov::float16(static_cast<float>(v[i])); break;
        // Through a 64-bit integer: a double out of the narrow type's range (-2.9 as u8) converts with wrap-around
        // there, where converting it straight is undefined behaviour (UBSan).
        case ov::element::Type_t::i8: t.data<int8_t>()[i] = static_cast<int8_t>(static_cast<int64_t>(v[i])); break;
        case ov::element::Type_t::u8: t.data<uint8_t>()[i] = static_cast<uint8_t>(static_cast<int64_t>(v[i])); break;
        case ov::element::Type_t::i32: t.data<int32_t>()[i] = static_cast<int32_t>(v[i]); break;
        case ov::element::Type_t::i64: t.data<int64_t>()[i] = static_cast<int64_t>(v[i]); break;
        case ov::element::Type_t::boolean: t.data<char>()[i] = v[i] != 0 ? 1 : 0; break;
        default: ADD_FAILURE() << "make_tensor: unsupported type " << type; return t;
        }
    }
    return t;
}

inline std::vector<double> read_tensor(const ov::Tensor& t) {
    std::vector<double> out(t.get_size());
    for (size_t i = 0; i < out.size(); ++i) {
        switch (ov::element::Type_t(t.get_element_type())) {
        case ov::element::Type_t::f32: out[i] = t.data<float>()[i]; break;
        case ov::element::Type_t::f64: out[i] = t.data<double>()[i]; break;
        case ov::element::Type_t::f16: out[i] = static_cast<float>(t.data<ov::float16>()[i]); break;
        case ov::element::Type_t::i8: out[i] = t.data<int8_t>()[i]; break;
        case ov::element::Type_t::u8: out[i] = t.data<uint8_t>()[i]; break;
        case ov::element::Type_t::i32: out[i] = t.data<int32_t>()[i]; break;
        case ov::element::Type_t::i64: out[i] = static_cast<double>(t.data<int64_t>()[i]); break;
        case ov::element::Type_t::boolean: out[i] = t.data<char>()[i] ? 1 : 0; break;
        default: ADD_FAILURE() << "read_tensor: unsupported type " << t.get_element_type(); return out;
        }
    }
    return out;
}

// Uniform values in [lo, hi]; the caller owns the generator so that one seed drives a whole test.
inline std::vector<double> random_values(size_t n, std::mt19937& rng, double lo = -1.0, double hi = 1.0) {
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

inline size_t volume(const std::vector<size_t>& shape) {
    size_t n = 1;
    for (auto d : shape)
        n *= d;
    return n;
}

// Expects |actual - expected| <= abs_tol + rel_tol * |expected| element-wise; reports the first ten misses only,
// so that one wrong kernel does not flood the log.
inline void expect_close(const std::vector<double>& actual, const std::vector<double>& expected, double rel_tol,
                         double abs_tol) {
    ASSERT_EQ(actual.size(), expected.size());
    size_t failures = 0;
    for (size_t i = 0; i < actual.size(); ++i) {
        const double bound = abs_tol + rel_tol * std::fabs(expected[i]);
        if (!(std::fabs(actual[i] - expected[i]) <= bound) && failures++ < 10)
            ADD_FAILURE() << "element " << i << ": got " << actual[i] << ", expected " << expected[i];
    }
    EXPECT_EQ(failures, 0u);
}

/// Row-major coordinates of a flat index (ov::Shape converts to the shape parameter).
inline std::vector<size_t> unravel(size_t flat, const std::vector<size_t>& shape) {
    std::vector<size_t> c(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
        c[i] = flat % shape[i];
        flat /= shape[i];
    }
    return c;
}

/// Row-major flat index of coordinates.
inline size_t ravel(const std::vector<size_t>& coord, const std::vector<size_t>& shape) {
    size_t flat = 0;
    for (size_t i = 0; i < shape.size(); ++i)
        flat = flat * shape[i] + coord[i];
    return flat;
}

/// Records attributes as text on the first pass; after start_replay() (or replay()) it hands the
/// recorded text back, so visiting another op with it copies the attributes.
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
    v.start_replay();
    to.visit_attributes(v);
}

/// Runs fn and expects an ov::Exception whose message contains every one of `parts`.
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

/// The message of the ov::Exception that action throws, or a marker that no ov::Exception came (so a
/// HasSubstr match on the result fails with the marker shown).
inline std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const ov::Exception& e) {
        return e.what();
    }
    return "<no ov::Exception>";
}

}  // namespace devmux_test
