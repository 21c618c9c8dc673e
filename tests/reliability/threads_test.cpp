// SPDX-License-Identifier: Apache-2.0
// Threads x requests (issue 27 §1): several threads, each with requests of its own on one compiled model,
// alternating synchronous inferences with asynchronous ones in flight together (callbacks counted), on the
// CPU, HETERO, a proxy alias, AUTO and MULTI. Every result is checked against the model's reference.
// scripts/test --sanitize thread runs these under ThreadSanitizer, where any unguarded access between the
// caller's threads, the requests' workers, the completion threads and the callbacks is a failure.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <sstream>
#include <cctype>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "core/core_test_utils.hpp"
#include "devmux/kit/model_io.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/openvino.hpp"
#include "reliability/reliability_test_utils.hpp"

namespace {

using namespace reliability;

struct ThreadsCase {
    std::string device;
    ov::AnyMap config;
};

std::string library(const std::string& name) {
    return core_test::lib_dir() + "/lib" + name + ".so";
}

/// CPU, HETERO, AUTO, MULTI and the mock device M (2 ms per inference, so that requests overlap), which is
/// also the only member of the proxy alias MX.
std::string threads_plugins_xml() {
    using core_test::plugin_element;
    return core_test::plugins_xml(
        plugin_element("CPU", library("devmux_cpu_plugin")) + plugin_element("HETERO", library("devmux_hetero_plugin")) +
        plugin_element("AUTO", library("devmux_auto_plugin")) + plugin_element("MULTI", library("devmux_auto_plugin")) +
        plugin_element("M", devmux_mock::library_path(),
                       {{devmux_mock::infer_delay_ms, "2"}, {"PROXY_CONFIGURATION_ALIAS", "MX"}}));
}

void PrintTo(const ThreadsCase& threads_case, std::ostream* os) {
    *os << threads_case.device;
}

class Threads : public ::testing::TestWithParam<ThreadsCase> {};

TEST_P(Threads, SyncAndAsyncRequestsOnSeveralThreadsGiveTheirOwnResults) {
    devmux_test::TempDir dir;
    core_test::write_file(dir.file("plugins.xml"), threads_plugins_xml());
    ov::Core core(dir.file("plugins.xml"));
    auto compiled = core.compile_model(weighted_model(), GetParam().device, GetParam().config);

    constexpr int threads = 4, requests_per_thread = 2, rounds = 6;
    // Each thread writes only its own entry; read after the joins.
    std::vector<std::vector<std::string>> failures(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            auto& failed = failures[t];
            try {
                std::vector<ov::InferRequest> requests;
                for (int q = 0; q < requests_per_thread; ++q)
                    requests.push_back(compiled.create_infer_request());
                for (int round = 0; round < rounds; ++round) {
                    std::vector<ov::Tensor> inputs;
                    for (int q = 0; q < requests_per_thread; ++q)
                        inputs.push_back(weighted_input(static_cast<uint32_t>(10000 * t + 100 * round + q)));
                    const std::string where =
                        "thread " + std::to_string(t) + " round " + std::to_string(round) + " request ";
                    if (round % 2 == 0) {
                        for (int q = 0; q < requests_per_thread; ++q) {
                            requests[q].set_input_tensor(inputs[q]);
                            requests[q].infer();
                            if (const auto matches = output_matches(requests[q], inputs[q]); !matches)
                                failed.push_back(where + std::to_string(q) + " (sync): " + matches.message());
                        }
                        continue;
                    }
                    // Every request of this thread in flight at once; the callbacks write what they saw, which
                    // wait_for must make visible here.
                    std::vector<std::unique_ptr<AsyncOutcome>> outcomes;
                    for (int q = 0; q < requests_per_thread; ++q) {
                        outcomes.push_back(std::make_unique<AsyncOutcome>());
                        requests[q].set_input_tensor(inputs[q]);
                        count_callbacks(requests[q], *outcomes[q]);
                        requests[q].start_async();
                    }
                    for (int q = 0; q < requests_per_thread; ++q) {
                        AsyncOutcome& outcome = *outcomes[q];
                        wait_bounded(requests[q], outcome);
                        const std::string request = where + std::to_string(q) + " (async): ";
                        if (!outcome.finished) {
                            failed.push_back(request + "hung");
                            continue;
                        }
                        if (outcome.callbacks.load() != 1 || !outcome.callback_error.empty() ||
                            !outcome.wait_error.empty()) {
                            failed.push_back(request + std::to_string(outcome.callbacks.load()) + " callbacks, error '" +
                                             outcome.callback_error + "', wait error '" + outcome.wait_error + "'");
                            continue;
                        }
                        if (const auto matches = output_matches(requests[q], inputs[q]); !matches)
                            failed.push_back(request + matches.message());
                    }
                    for (auto& request : requests)
                        request.set_callback([](std::exception_ptr) {});  // the outcomes go out of scope
                }
            } catch (const std::exception& e) {
                failed.push_back("thread " + std::to_string(t) + ": " + e.what());
            }
        });
    for (auto& worker : workers)
        worker.join();
    for (int t = 0; t < threads; ++t)
        EXPECT_THAT(failures[t], ::testing::IsEmpty()) << GetParam().device << ", thread " << t;
}

INSTANTIATE_TEST_SUITE_P(EachDevice, Threads,
                         ::testing::Values(ThreadsCase{"CPU", {}}, ThreadsCase{"M", {}}, ThreadsCase{"HETERO:M,CPU", {}},
                                           ThreadsCase{"MX", {}}, ThreadsCase{"AUTO:M,CPU", {}},
                                           ThreadsCase{"MULTI:M,CPU", {}}),
                         [](const ::testing::TestParamInfo<ThreadsCase>& info) {
                             std::string name;
                             for (char c : info.param.device)
                                 name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return name;
                         });

// A model handed to several compiles at once is only read by them. Writing it as IR (what the proxy's
// measured selection digests every model with) while other threads clone it (what every plugin's compile
// does) must therefore write nothing to it: ThreadSanitizer reported the IR writer's attribute visit of a
// Convolution writing its strides back while a compile on another thread copied them.
TEST(ModelThreads, WritingAModelAsIrWhileOtherThreadsCloneItWritesNothingToIt) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 3, 8, 8});
    auto w = std::make_shared<ov::op::v0::Constant>(devmux_test::random_f32({4, 3, 3, 3}, 31, -0.5f, 0.5f));
    auto conv = std::make_shared<ov::op::v1::Convolution>(x, w, ov::Strides{2, 2}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(conv)},
                                             ov::ParameterVector{x}, "conv");
    const auto ir_of = [&] {
        std::ostringstream text;
        devmux::kit::write_model(*model, text);
        return text.str();
    };
    const std::string expected = ir_of();
    std::vector<std::string> failures(4);
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; ++t)
        workers.emplace_back([&, t] {
            for (int i = 0; i < 20; ++i) {
                if (t % 2 == 0) {
                    if (ir_of() != expected)
                        failures[t] = "the IR written changed";
                    continue;
                }
                const auto clone = model->clone();
                for (const auto& op : clone->get_ordered_ops())
                    if (const auto* copy = ov::as_type<const ov::op::v1::Convolution>(op.get()))
                        if (copy->get_strides() != ov::Strides{2, 2} || copy->get_pads_begin() != ov::CoordinateDiff{1, 1})
                            failures[t] = "a clone's convolution has other attributes";
            }
        });
    for (auto& worker : workers)
        worker.join();
    EXPECT_THAT(failures, ::testing::Each(::testing::IsEmpty()));
}

}  // namespace
