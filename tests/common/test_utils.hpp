// SPDX-License-Identifier: Apache-2.0
// Helpers shared by several test areas, kept in one copy: a self-removing temp folder, the parameter
// factory, seeded random tensors, tensor value extraction, row-major index arithmetic written
// independently of the runtime, the attribute-recording visitor, error-message expectations and an
// output comparison of two compiled models. Area headers pull these in with using-declarations so
// their tests keep calling them unqualified. Header-only: tests/common has no CMakeLists.txt.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

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
