// SPDX-License-Identifier: Apache-2.0
// Writes the fuzzers' seed corpora into a build folder, from the shared models, ONNX's backend test cases
// and small models built here; nothing of it is committed (docs/reliability.md, "Fuzzing").
//   devmux_fuzz_corpus <out> <models dir> <onnx test data dir> readers|<device>...
// <out>/<harness>/ gets one file per seed, written afresh. "readers": ir_reader, onnx_reader, plugins_xml
// and properties. A device: import_<device>, blobs exported by compiling small models on that device
// through the software deployment; a model the device cannot compile is reported and left out, and every
// device gets hand-made seeds too, so its harness always has inputs. Each device runs in a CTest entry of
// its own (fuzz.corpus.import_<device>), so a plugin that crashes while exporting fails only its harness.

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset8.hpp"

namespace {
namespace fs = std::filesystem;

// Seeds above this size make every mutation slow; the small models cover the same reader paths.
constexpr uintmax_t kMaxSeedBytes = 400 * 1024;
// ONNX's backend cases: one in every kOnnxStride, so the replay stays short and still spans the op list.
constexpr size_t kOnnxStride = 3;

std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_seed(const fs::path& folder, const std::string& name, const std::string& bytes) {
    fs::create_directories(folder);
    std::ofstream out(folder / name, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string seed_name(const fs::path& root, const fs::path& file) {
    std::string name = fs::relative(file, root).string();
    std::replace(name.begin(), name.end(), '/', '_');
    return name;
}

std::vector<fs::path> files_named(const fs::path& root, const std::string& extension) {
    std::vector<fs::path> found;
    std::error_code ec;
    if (!fs::is_directory(root, ec))
        return found;
    for (const auto& entry : fs::recursive_directory_iterator(root, ec))
        if (entry.is_regular_file() && entry.path().extension() == extension)
            found.push_back(entry.path());
    std::sort(found.begin(), found.end());
    return found;
}

// Small models of the kinds the tests build: one op, two inputs, a constant with weights, a dynamic shape.
std::map<std::string, std::shared_ptr<ov::Model>> small_models() {
    using namespace ov::opset8;
    std::map<std::string, std::shared_ptr<ov::Model>> models;
    {
        auto x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{1, 3});
        auto relu = std::make_shared<Relu>(x);
        models["relu"] = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{x}, "relu");
    }
    {
        auto a = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 4});
        auto b = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 4});
        auto w = Constant::create(ov::element::f32, ov::Shape{4, 3}, std::vector<float>{1, -2, 3, -4, 5, -6, 7, -8, 9, -1, 2, -3});
        auto sum = std::make_shared<Add>(a, b);
        auto product = std::make_shared<MatMul>(sum, w);
        auto soft = std::make_shared<Softmax>(product, 1);
        models["add_matmul_softmax"] =
            std::make_shared<ov::Model>(ov::OutputVector{soft}, ov::ParameterVector{a, b}, "add_matmul_softmax");
    }
    {
        auto x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{1, 2, 5, 5});
        auto k = Constant::create(ov::element::f32, ov::Shape{3, 2, 3, 3}, std::vector<float>(54, 0.25f));
        auto conv = std::make_shared<Convolution>(x, k, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                  ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
        auto pool = std::make_shared<MaxPool>(conv, ov::Strides{2, 2}, ov::Strides{1, 1}, ov::Shape{0, 0},
                                              ov::Shape{0, 0}, ov::Shape{2, 2});
        models["conv_pool"] =
            std::make_shared<ov::Model>(ov::OutputVector{pool->output(0)}, ov::ParameterVector{x}, "conv_pool");
    }
    {
        auto x = std::make_shared<Parameter>(ov::element::f32, ov::PartialShape{-1, 4});
        auto sig = std::make_shared<Sigmoid>(x);
        models["dynamic_sigmoid"] = std::make_shared<ov::Model>(ov::OutputVector{sig}, ov::ParameterVector{x}, "dynamic_sigmoid");
    }
    return models;
}

void ir_seeds(const fs::path& out, const fs::path& models_dir, const fs::path& scratch) {
    const fs::path folder = out / "ir_reader";
    size_t count = 0;
    for (const auto& xml : files_named(models_dir, ".xml")) {
        fs::path bin = xml;
        bin.replace_extension(".bin");
        std::error_code ec;
        const uintmax_t bin_bytes = fs::exists(bin, ec) ? fs::file_size(bin, ec) : 0;
        if (fs::file_size(xml, ec) + bin_bytes > kMaxSeedBytes)
            continue;
        write_seed(folder, seed_name(models_dir, xml), devmux_fuzz::join_parts({read_all(xml), bin_bytes ? read_all(bin) : ""}));
        ++count;
    }
    for (const auto& [name, model] : small_models()) {
        const fs::path xml = scratch / (name + ".xml");
        ov::serialize(model, xml.string(), (scratch / (name + ".bin")).string());
        write_seed(folder, "small_" + name + ".ir", devmux_fuzz::join_parts({read_all(xml), read_all(scratch / (name + ".bin"))}));
        ++count;
    }
    std::printf("ir_reader: %zu seeds\n", count);
}

void onnx_seeds(const fs::path& out, const fs::path& models_dir, const fs::path& onnx_testdata) {
    const fs::path folder = out / "onnx_reader";
    size_t count = 0;
    for (const auto& file : files_named(models_dir, ".onnx")) {
        std::error_code ec;
        if (fs::file_size(file, ec) <= kMaxSeedBytes) {
            write_seed(folder, seed_name(models_dir, file), read_all(file));
            ++count;
        }
    }
    const auto cases = files_named(onnx_testdata / "node", ".onnx");
    for (size_t i = 0; i < cases.size(); i += kOnnxStride) {
        write_seed(folder, "node_" + cases[i].parent_path().filename().string() + ".onnx", read_all(cases[i]));
        ++count;
    }
    std::printf("onnx_reader: %zu seeds (%zu of ONNX's node cases in %s)\n", count, (cases.size() + kOnnxStride - 1) / kOnnxStride,
                onnx_testdata.c_str());
}

std::string harness_for_device(std::string device) {
    std::transform(device.begin(), device.end(), device.begin(), [](unsigned char c) { return std::tolower(c); });
    return "import_" + device;
}

void blob_seeds(const fs::path& out, const fs::path& lib_dir, const std::vector<std::string>& devices) {
    ov::Core core((lib_dir / "plugins-software-gpu.xml").string());
    const auto models = small_models();
    for (const auto& device : devices) {
        const fs::path folder = out / harness_for_device(device);
        fs::remove_all(folder);
        // Hand-made seeds every device gets: nothing, and a few bytes that no exporter writes.
        write_seed(folder, "empty.blob", "");
        write_seed(folder, "not_a_blob.blob", "DEVMUX not a blob\n");
        // HETERO blobs hold the blobs of the devices under it: export a split over two of them too.
        std::vector<std::string> compile_as{device == "HETERO" ? "HETERO:CPU" : device};
        if (device == "HETERO")
            compile_as.push_back("HETERO:GPU,CPU");
        size_t exported = 0;
        for (const auto& target : compile_as) {
            for (const auto& [name, model] : models) {
                try {
                    auto compiled = core.compile_model(model, target);
                    std::ostringstream blob;
                    compiled.export_model(blob);
                    std::string target_name = target;
                    std::replace(target_name.begin(), target_name.end(), ':', '_');
                    std::replace(target_name.begin(), target_name.end(), ',', '_');
                    write_seed(folder, target_name + "_" + name + ".blob", blob.str());
                    // A blob cut in half: the seed of the truncation paths.
                    write_seed(folder, target_name + "_" + name + ".half.blob", blob.str().substr(0, blob.str().size() / 2));
                    ++exported;
                } catch (const std::exception& e) {
                    std::printf("%s: no blob of '%s' from %s: %s\n", harness_for_device(device).c_str(), name.c_str(),
                                target.c_str(), e.what());
                }
            }
        }
        std::printf("%s: %zu exported blobs\n", harness_for_device(device).c_str(), exported);
    }
}

void plugins_xml_seeds(const fs::path& out, const fs::path& lib_dir) {
    const fs::path folder = out / "plugins_xml";
    for (const char* name : {"plugins.xml", "plugins-software-gpu.xml"})
        if (fs::exists(lib_dir / name))
            write_seed(folder, name, read_all(lib_dir / name));
    write_seed(folder, "empty_list.xml", "<ie><plugins/></ie>\n");
    write_seed(folder, "cpu_only.xml", "<ie>\n  <plugins>\n    <plugin name=\"CPU\" location=\"libdevmux_cpu_plugin.so\"/>\n  </plugins>\n</ie>\n");
    write_seed(folder, "missing_library.xml",
               "<ie><plugins><plugin name=\"NOPE\" location=\"libdevmux_no_such_plugin.so\"/>"
               "<plugin name=\"CPU\" location=\"libdevmux_cpu_plugin.so\"/></plugins></ie>\n");
    write_seed(folder, "alias_over_cpu.xml",
               "<ie><plugins>\n"
               "<plugin name=\"CPU\" location=\"libdevmux_cpu_plugin.so\"><properties>\n"
               "<property key=\"PROXY_CONFIGURATION_ALIAS\" value=\"GPU\"/>\n"
               "<property key=\"PROXY_CONFIGURATION_PRIORITY\" value=\"0\"/>\n"
               "<property key=\"PROXY_BACKEND_SELECTION\" value=\"PRIORITY\"/>\n"
               "<property key=\"PROXY_CONFIGURATION_INTERNAL_NAME\" value=\"CPU\"/>\n"
               "<property key=\"NUM_STREAMS\" value=\"2\"/>\n"
               "</properties></plugin>\n"
               "<plugin name=\"HETERO\" location=\"libdevmux_hetero_plugin.so\"/>\n"
               "<plugin name=\"AUTO\" location=\"libdevmux_auto_plugin.so\"/>\n"
               "</plugins></ie>\n");
    if (fs::exists(lib_dir / "libdevmux_test_broken.so"))
        write_seed(folder, "broken_library.xml",
                   "<ie><plugins><plugin name=\"BROKEN\" location=\"libdevmux_test_broken.so\"/>"
                   "<plugin name=\"CPU\" location=\"libdevmux_cpu_plugin.so\"/></plugins></ie>\n");
    std::printf("plugins_xml: seeds written\n");
}

void property_seeds(const fs::path& out) {
    const fs::path folder = out / "properties";
    const std::vector<std::vector<std::string>> cases = {
        {"CPU", "PERFORMANCE_HINT", "THROUGHPUT"},
        {"CPU", "PERFORMANCE_HINT_NUM_REQUESTS", "4"},
        {"CPU", "NUM_STREAMS", "AUTO"},
        {"CPU", "INFERENCE_PRECISION_HINT", "f32"},
        {"CPU", "EXECUTION_MODE_HINT", "ACCURACY"},
        {"CPU", "MODEL_PRIORITY", "HIGH"},
        {"CPU", "LOG_LEVEL", "LOG_WARNING"},
        {"CPU", "SUPPORTED_PROPERTIES", ""},
        {"CPU.0", "FULL_DEVICE_NAME", ""},
        {"CPU.1", "DEVICE_UUID", "00112233-4455-6677-8899-aabbccddeeff"},
        {"GPU.1", "DEVICE_TYPE", "integrated"},
        {"GPU", "AVAILABLE_DEVICES", ""},
        {"HETERO:CPU", "MULTI_DEVICE_PRIORITIES", "CPU"},
        {"HETERO:A,B", "PERF_COUNT", "YES"},
        {"HETERO:GPU,CPU", "DEVICE_PROPERTIES", "{CPU:{NUM_STREAMS:2},GPU:{PERFORMANCE_HINT:LATENCY}}"},
        {"AUTO:-CPU", "ENABLE_STARTUP_FALLBACK", "NO"},
        {"AUTO:CPU", "SCHEDULE_POLICY", "DEVICE_PRIORITY"},
        {"AUTO", "MULTI_DEVICE_PRIORITIES", "GPU,CPU"},
        {"MULTI:CPU,GPU", "PERFORMANCE_HINT", "CUMULATIVE_THROUGHPUT"},
        {"MULTI:CPU", "NUM_STREAMS", "-1"},
        {"CPU", "DEVICE_LUID", "0011223344556677"},
        {"CPU", "OPTIMAL_NUMBER_OF_INFER_REQUESTS", "[1,2,3]"},
        {"CPU", "CACHE_DIR", ""},
        {"CPU", "LAYOUT", "NCHW"},
        {"CPU", "SHAPE", "[1,?,2..8,-1]"},
        {"CPU", "DEVICE_GOPS", "{f32:1.5,f16:3}"},
        {"CPU", "RANGE_FOR_STREAMS", "1 8"},
    };
    size_t index = 0;
    for (const auto& parts : cases)
        write_seed(folder, "case" + std::to_string(index++), devmux_fuzz::join_parts(parts));
    std::printf("properties: %zu seeds\n", cases.size());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s <out> <models dir> <onnx test data dir> readers|<device>...\n", argv[0]);
        return 2;
    }
    const fs::path out = argv[1];
    const fs::path models_dir = argv[2];
    const fs::path onnx_testdata = argv[3];
    std::vector<std::string> devices(argv + 4, argv + argc);
    try {
        const auto readers = std::find(devices.begin(), devices.end(), "readers");
        if (readers != devices.end()) {
            devices.erase(readers);
            for (const char* harness : {"ir_reader", "onnx_reader", "plugins_xml", "properties"})
                fs::remove_all(out / harness);
            const fs::path scratch = out / ".scratch";
            fs::create_directories(scratch);
            ir_seeds(out, models_dir, scratch);
            onnx_seeds(out, models_dir, onnx_testdata);
            plugins_xml_seeds(out, devmux_fuzz::lib_dir());
            property_seeds(out);
            fs::remove_all(scratch);
        }
        if (!devices.empty())
            blob_seeds(out, devmux_fuzz::lib_dir(), devices);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "devmux_fuzz_corpus: %s\n", e.what());
        return 1;
    }
    return 0;
}
