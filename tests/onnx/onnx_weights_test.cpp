// SPDX-License-Identifier: Apache-2.0
// How the ONNX reader turns initializers into Constants (docs/onnx.md, "Initializers"): external data is mapped
// and shared, not copied (the Constant's bytes lie inside the file's mapping), or copied where its offset leaves it
// misaligned; in-file data is shared with the parsed protobuf, which must then live as long as the Constants do,
// also after the file, the caller's bytes and a Loop body's copy are gone; and every typed field gives the
// values it holds. Results are checked against sums the test computes in double (seeded random values,
// tolerance 1e-5 of the largest output).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <random>
#include <sstream>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/loop.hpp"
#include "openvino/runtime/core.hpp"

namespace {
namespace fs = std::filesystem;
using namespace onnx_test;

constexpr int64_t K = 64, N = 32;

void set_raw(onnx::TensorProto& tensor, const std::vector<float>& values) {
    tensor.set_raw_data(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
}

void set_external(onnx::TensorProto& tensor, const std::string& location, size_t offset, size_t length) {
    tensor.set_data_location(onnx::TensorProto::EXTERNAL);
    for (const auto& entry : {std::make_pair("location", location), std::make_pair("offset", std::to_string(offset)),
                              std::make_pair("length", std::to_string(length))}) {
        auto* kv = tensor.add_external_data();
        kv->set_key(entry.first);
        kv->set_value(entry.second);
    }
}

// y = x[1, K] . w[K, N] + b[N]; the initializers are filled in by the caller.
onnx::ModelProto affine_model() {
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    graph.set_name("affine");
    add_input(graph, "x", {1, K});
    add_node(graph, "MatMul", {"x", "w"}, {"xw"});
    add_node(graph, "Add", {"xw", "b"}, {"y"});
    add_shaped_output(graph, "y", {1, N});
    return model;
}

std::vector<double> affine_reference(const std::vector<float>& x, const std::vector<float>& w,
                                     const std::vector<float>& b) {
    std::vector<double> y(b.begin(), b.end());
    for (int64_t n = 0; n < N; ++n)
        for (int64_t k = 0; k < K; ++k)
            y[n] += static_cast<double>(x[k]) * w[k * N + n];
    return y;
}

std::vector<float> infer(ov::Core& core, const std::shared_ptr<ov::Model>& model, const std::string& input,
                         const std::vector<float>& x) {
    auto request = core.compile_model(model, "CPU").create_infer_request();
    const auto& shape = model->input(input).get_shape();
    request.set_tensor(input, ov::Tensor(ov::element::f32, shape, const_cast<float*>(x.data())));
    request.infer();
    const auto out = request.get_output_tensor();
    return std::vector<float>(out.data<float>(), out.data<float>() + out.get_size());
}

void expect_close(const std::vector<float>& actual, const std::vector<double>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    double largest = 0;
    for (const double v : expected)
        largest = std::max(largest, std::abs(v));
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], 1e-5 * largest) << "output " << i;
}

std::shared_ptr<ov::op::v0::Constant> constant_named(const std::shared_ptr<ov::Model>& model, const std::string& name) {
    for (const auto& op : model->get_ordered_ops())
        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(op))
            if (constant->get_friendly_name() == name)
                return constant;
    return nullptr;
}

// Whether `address` lies in a mapping of the file `path` (/proc/self/maps names the file of each mapping).
bool mapped_from(const void* address, const fs::path& path) {
    const std::string wanted = fs::canonical(path).string();
    std::ifstream maps("/proc/self/maps");
    std::string line;
    const auto where = reinterpret_cast<uintptr_t>(address);
    while (std::getline(maps, line)) {
        std::istringstream fields(line);
        std::string range, perms, offset, device, inode, file;
        fields >> range >> perms >> offset >> device >> inode;
        std::getline(fields >> std::ws, file);
        const auto dash = range.find('-');
        const uintptr_t begin = std::stoull(range.substr(0, dash), nullptr, 16);
        const uintptr_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
        if (where >= begin && where < end)
            return file == wanted;
    }
    return false;
}

// Allocates, fills and frees memory of the sizes the freed protobuf strings had, so that a Constant still
// pointing into freed memory reads other values.
void churn_heap(size_t bytes) {
    std::vector<std::vector<uint8_t>> blocks;
    for (int i = 0; i < 64; ++i)
        blocks.emplace_back(bytes + static_cast<size_t>(i) * 16, static_cast<uint8_t>(0xA5 + i));
}

void expect_values(const std::shared_ptr<ov::op::v0::Constant>& constant, const std::vector<float>& values) {
    ASSERT_TRUE(constant);
    ASSERT_EQ(constant->get_byte_size(), values.size() * sizeof(float));
    EXPECT_EQ(std::memcmp(constant->get_data_ptr(), values.data(), constant->get_byte_size()), 0)
        << "the Constant '" << constant->get_friendly_name() << "' does not hold the initializer's values";
}

// The affine model with w and b as external data: weights.bin holds w at `w_offset` and b at `b_offset` (`filler`
// elsewhere), read from affine.onnx beside it; w and b are checked to hold their values.
struct ExternalAffine {
    std::shared_ptr<ov::Model> model;
    std::shared_ptr<ov::op::v0::Constant> w, b;
    fs::path weights;
};

ExternalAffine read_external_affine(ov::Core& core, const devmux_test::TempDir& dir, const std::vector<float>& w,
                                    size_t w_offset, const std::vector<float>& b, size_t b_offset, char filler) {
    std::string data(b_offset + b.size() * sizeof(float), filler);
    std::memcpy(data.data() + w_offset, w.data(), w.size() * sizeof(float));
    std::memcpy(data.data() + b_offset, b.data(), b.size() * sizeof(float));
    const fs::path weights = write_file(dir.file("weights.bin"), data);
    auto model = affine_model();
    auto& graph = *model.mutable_graph();
    set_external(*add_initializer(graph, "w", {K, N}), "weights.bin", w_offset, w.size() * sizeof(float));
    set_external(*add_initializer(graph, "b", {N}), "weights.bin", b_offset, b.size() * sizeof(float));
    const auto read = core.read_model(write_file(dir.file("affine.onnx"), bytes_of(model)));
    ExternalAffine affine{read, constant_named(read, "w"), constant_named(read, "b"), weights};
    expect_values(affine.w, w);
    expect_values(affine.b, b);
    return affine;
}

TEST(OnnxWeights, ExternalDataIsMappedFromItsFileNotCopied) {
    devmux_test::TempDir dir;
    const auto x = random_values(K, 1), w = random_values(K * N, 2), b = random_values(N, 3);
    // w at offset 0 and b 64 bytes after it (aligned for f32): both share the mapping.
    ov::Core core;
    const auto read = read_external_affine(core, dir, w, 0, b, w.size() * sizeof(float) + 64, '\0');
    ASSERT_TRUE(read.w && read.b);
    EXPECT_TRUE(mapped_from(read.w->get_data_ptr(), read.weights)) << "w was copied out of weights.bin";
    EXPECT_TRUE(mapped_from(read.b->get_data_ptr(), read.weights)) << "b was copied out of weights.bin";
    expect_close(infer(core, read.model, "x", x), affine_reference(x, w, b));
}

TEST(OnnxWeights, MisalignedExternalDataIsCopiedAndStillRight) {
    devmux_test::TempDir dir;
    const auto x = random_values(K, 4), w = random_values(K * N, 5), b = random_values(N, 6);
    // w at offset 2 is misaligned for f32, which typed kernels read: it is copied; b, 6 bytes after it, is aligned.
    ov::Core core;
    const auto read = read_external_affine(core, dir, w, 2, b, 2 + w.size() * sizeof(float) + 6, '\x5a');
    ASSERT_TRUE(read.w && read.b);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(read.w->get_data_ptr()) % alignof(float), 0u);
    EXPECT_FALSE(mapped_from(read.w->get_data_ptr(), read.weights)) << "a misaligned w must be copied";
    EXPECT_TRUE(mapped_from(read.b->get_data_ptr(), read.weights));
    expect_close(infer(core, read.model, "x", x), affine_reference(x, w, b));
}

// The Constants share the parsed protobuf's bytes: they stay right after the file is removed, the caller's bytes
// are freed, the model is cloned and the original dropped, and the freed memory is reused.
TEST(OnnxWeights, SharedInitializersOutliveTheFileAndTheCallersBytes) {
    devmux_test::TempDir dir;
    const auto x = random_values(K, 7), w = random_values(K * N, 8), b = random_values(N, 9);
    auto model = affine_model();
    set_raw(*add_initializer(*model.mutable_graph(), "w", {K, N}), w);
    auto* b_tensor = add_initializer(*model.mutable_graph(), "b", {N});
    for (const float v : b)
        b_tensor->add_float_data(v);  // a typed field: shared too
    const fs::path path = dir.file("affine.onnx");
    write_file(path, bytes_of(model));

    ov::Core core;
    std::shared_ptr<ov::Model> from_file = core.read_model(path.string());
    fs::remove(path);
    std::shared_ptr<ov::Model> from_memory;
    {
        const std::string bytes = bytes_of(model);
        from_memory = core.read_model(bytes, ov::Tensor());
    }
    const auto cloned = from_file->clone();
    from_file.reset();
    churn_heap(w.size() * sizeof(float));
    for (const auto& read : {cloned, from_memory}) {
        expect_values(constant_named(read, "w"), w);
        expect_values(constant_named(read, "b"), b);
        expect_close(infer(core, read, "x", x), affine_reference(x, w, b));
    }
}

// A Loop body is copied (its input types filled in) before it is converted; its initializers' Constants keep that
// copy alive. v = v0 + 3 * step.
TEST(OnnxWeights, LoopBodyInitializersOutliveTheBodysCopy) {
    constexpr int64_t size = 1024;
    const auto v0 = random_values(size, 10), step = random_values(size, 11);
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "v0", {size});
    add_initializer(graph, "trips", {}, onnx::TensorProto::INT64)->add_int64_data(3);
    add_initializer(graph, "go", {}, onnx::TensorProto::BOOL)->add_int32_data(1);
    auto* loop = add_node(graph, "Loop", {"trips", "go", "v0"}, {"v"});
    auto& body = *set_graph(*loop, "body");
    body.set_name("body");
    body.add_input()->set_name("i");  // untyped: the converter copies the body to type them
    body.add_input()->set_name("cond_in");
    body.add_input()->set_name("v_in");
    set_raw(*add_initializer(body, "step", {size}), step);
    add_node(body, "Identity", {"cond_in"}, {"cond_out"});
    add_node(body, "Add", {"v_in", "step"}, {"v_out"});
    add_shaped_output(body, "cond_out", {}, onnx::TensorProto::BOOL);
    add_shaped_output(body, "v_out", {size});
    add_shaped_output(graph, "v", {size});

    ov::Core core;
    const auto read = core.read_model(bytes_of(model), ov::Tensor());
    churn_heap(step.size() * sizeof(float));
    std::shared_ptr<ov::op::v0::Constant> body_step;
    for (const auto& op : read->get_ordered_ops())
        if (auto loop_op = ov::as_type_ptr<ov::op::v5::Loop>(op))
            body_step = constant_named(loop_op->get_function(), "step");
    expect_values(body_step, step);
    std::vector<double> expected(size);
    for (int64_t i = 0; i < size; ++i)
        expected[i] = static_cast<double>(v0[i]) + 3.0 * static_cast<double>(step[i]);
    expect_close(infer(core, read, "v0", v0), expected);
}

// Each typed field (and raw data) of each element type gives the initializer's values, shared or converted.
TEST(OnnxWeights, EveryStorageOfAnInitializerGivesItsValues) {
    using T = onnx::TensorProto;
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    std::mt19937 generator(12);
    const auto random_int = [&](int64_t low, int64_t high) {
        return std::uniform_int_distribution<int64_t>(low, high)(generator);
    };
    struct Expected {
        std::string name;
        ov::element::Type type;
        std::vector<double> values;
    };
    std::vector<Expected> expected;
    const auto add = [&](const std::string& name, int32_t onnx_type, ov::element::Type type, int64_t low,
                         int64_t high, const std::function<void(T&, int64_t)>& store) {
        auto* tensor = add_initializer(graph, name, {5}, onnx_type);
        Expected entry{name, type, {}};
        for (int i = 0; i < 5; ++i) {
            const int64_t value = random_int(low, high);
            store(*tensor, value);
            entry.values.push_back(static_cast<double>(value));
        }
        expected.push_back(entry);
        // Every initializer reaches an output, so that none is left out of the model.
        add_shaped_output(graph, name, {5}, onnx_type);
    };
    add("f32", T::FLOAT, ov::element::f32, -1000, 1000, [](T& t, int64_t v) { t.add_float_data(float(v)); });
    add("f64", T::DOUBLE, ov::element::f64, -1000, 1000, [](T& t, int64_t v) { t.add_double_data(double(v)); });
    add("i64", T::INT64, ov::element::i64, -(int64_t(1) << 40), int64_t(1) << 40,
        [](T& t, int64_t v) { t.add_int64_data(v); });
    add("i32", T::INT32, ov::element::i32, -100000, 100000, [](T& t, int64_t v) { t.add_int32_data(int32_t(v)); });
    add("u64", T::UINT64, ov::element::u64, 0, int64_t(1) << 40,
        [](T& t, int64_t v) { t.add_uint64_data(uint64_t(v)); });
    add("u32", T::UINT32, ov::element::u32, 0, int64_t(1) << 31,
        [](T& t, int64_t v) { t.add_uint64_data(uint64_t(v)); });
    add("i8", T::INT8, ov::element::i8, -128, 127, [](T& t, int64_t v) { t.add_int32_data(int32_t(v)); });
    add("u16", T::UINT16, ov::element::u16, 0, 65535, [](T& t, int64_t v) { t.add_int32_data(int32_t(v)); });
    add("flag", T::BOOL, ov::element::boolean, 0, 1, [](T& t, int64_t v) { t.add_int32_data(int32_t(v)); });
    add("raw_i16", T::INT16, ov::element::i16, -30000, 30000, [](T& t, int64_t v) {
        const auto value = static_cast<int16_t>(v);
        t.mutable_raw_data()->append(reinterpret_cast<const char*>(&value), sizeof(value));
    });

    ov::Core core;
    const auto read = core.read_model(bytes_of(model), ov::Tensor());
    churn_heap(64);
    for (const auto& entry : expected) {
        const auto constant = constant_named(read, entry.name);
        ASSERT_TRUE(constant) << entry.name;
        EXPECT_EQ(constant->get_element_type(), entry.type) << entry.name;
        EXPECT_EQ(reinterpret_cast<uintptr_t>(constant->get_data_ptr()) % entry.type.size(), 0u) << entry.name;
        EXPECT_EQ(constant->cast_vector<double>(), entry.values) << entry.name;
    }
}

}  // namespace
