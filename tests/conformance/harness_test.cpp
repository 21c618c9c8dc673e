// SPDX-License-Identifier: Apache-2.0
// The harness itself: pattern matching, the expected-failure mechanism (a listed failure becomes a skip
// that prints its reason, a listed test that passes is a failure), absent devices skip with a reason,
// and the reference walker against values computed here by hand.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.hpp"
#include "openvino/op/ops.hpp"

namespace conformance {
namespace {

using Results = std::vector<::testing::TestPartResult>;

// The part results (failures, skips) that `action` records, kept away from the running test.
Results intercepted(const std::function<void()>& action) {
    ::testing::TestPartResultArray array;
    {
        ::testing::ScopedFakeTestPartResultReporter reporter(
            ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &array);
        action();
    }
    Results results;
    for (int i = 0; i < array.size(); ++i)
        results.push_back(array.GetTestPartResult(i));
    return results;
}

const Device& cpu() { return devices().front(); }

TEST(ExpectedFailureMechanism, GlobMatches) {
    EXPECT_TRUE(glob_match("OpConformance.*/Add_*_f16", "OpConformance.QueryEquals/Add_2x3x4_f16"));
    EXPECT_TRUE(glob_match("*", ""));
    EXPECT_TRUE(glob_match("a?c*", "abcdef"));
    EXPECT_FALSE(glob_match("OpConformance.*/Add_*_f16", "OpConformance.QueryEquals/Add_2x3x4_f32"));
    EXPECT_FALSE(glob_match("abc", "abcd"));
}

TEST(ExpectedFailureMechanism, AListedFailureIsSkippedWithItsReason) {
    ASSERT_EQ(cpu().label, "CPU");
    const Results results = intercepted([] {
        run_expecting(cpu(), {{"ExpectedFailureMechanism.*", "a reason given here"}},
                      [] { ADD_FAILURE() << "the defect"; });
    });
    ASSERT_EQ(results.size(), 1u);
    EXPECT_TRUE(results[0].skipped());
    EXPECT_NE(std::string(results[0].message()).find("a reason given here"), std::string::npos);
    EXPECT_NE(std::string(results[0].message()).find("the defect"), std::string::npos);
}

TEST(ExpectedFailureMechanism, AListedTestThatPassesFails) {
    EXPECT_NONFATAL_FAILURE(run_expecting(cpu(), {{"ExpectedFailureMechanism.*", "fixed since"}}, [] {}),
                            "passes, but it is listed as an expected failure");
}

TEST(ExpectedFailureMechanism, AnUnlistedFailureFails) {
    EXPECT_NONFATAL_FAILURE(run_expecting(cpu(), {{"SomethingElse.*", "not this test"}},
                                          [] { ADD_FAILURE() << "a real failure"; }),
                            "a real failure");
}

TEST(ExpectedFailureMechanism, AnEscapingExceptionFailsNamingIt) {
    EXPECT_NONFATAL_FAILURE(run_expecting(cpu(), {}, [] { OPENVINO_THROW("thrown by the body"); }),
                            "thrown by the body");
}

TEST(ExpectedFailureMechanism, AnAbsentDeviceSkipsWithTheReason) {
    const Device absent{"NOSUCH", "CONFORMANCE_NO_SUCH_DEVICE", "CONFORMANCE_NO_SUCH_DEVICE", false};
    bool ran = false;
    const Results results = intercepted([&] { run_expecting(absent, {}, [&] { ran = true; }); });
    EXPECT_FALSE(ran);
    ASSERT_EQ(results.size(), 1u);
    EXPECT_TRUE(results[0].skipped());
    EXPECT_NE(std::string(results[0].message()).find("CONFORMANCE_NO_SUCH_DEVICE"),
              std::string::npos);
}

TEST(ExpectedFailureMechanism, EveryListedPatternNamesATestOfItsDevice) {
    // A stale entry (a renamed test, a device removed) would otherwise hide nothing and say nothing.
    const auto& unit = *::testing::UnitTest::GetInstance();
    for (const auto& device : devices()) {
        std::vector<std::string> keys;
        for (int s = 0; s < unit.total_test_suite_count(); ++s) {
            const auto& suite = *unit.GetTestSuite(s);
            for (int t = 0; t < suite.total_test_count(); ++t) {
                const std::string name = suite.GetTestInfo(t)->name();
                if (name.find("/" + device.label + "__") != std::string::npos)
                    keys.push_back(test_key(suite.name(), name, device.label));
            }
        }
        for (const auto& failure : expected_failures(device.label)) {
            const bool used = std::any_of(keys.begin(), keys.end(),
                                          [&](const std::string& key) { return glob_match(failure.pattern, key); });
            EXPECT_TRUE(used) << device.label << ": expected failure '" << failure.pattern << "' names no test";
        }
    }
}

TEST(ExpectedFailureMechanism, ReferenceWalkerComputesTheGraph) {
    // y = relu(x - c) * x, by hand.
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{6});
    auto c = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1}, {0.25f});
    auto y = std::make_shared<ov::op::v1::Multiply>(
        std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Subtract>(x, c)), x);
    const auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(y)},
                                                   ov::ParameterVector{x}, "walker");
    const ov::Tensor in = random_tensor(ov::element::f32, {6}, 7, -1, 1);
    const auto out = reference_outputs(*model, {in});
    ASSERT_EQ(out.size(), 1u);
    for (size_t i = 0; i < 6; ++i) {
        const float v = in.data<float>()[i];
        EXPECT_FLOAT_EQ(out[0].data<float>()[i], std::max(v - 0.25f, 0.0f) * v) << i;
    }
}

TEST(ExpectedFailureMechanism, NormalisedErrorIsRelativeToTheLargestReferenceValue) {
    ov::Tensor a(ov::element::f32, {3}), b(ov::element::f32, {3});
    const float av[] = {1.0f, 2.0f, -4.1f}, bv[] = {1.0f, 2.0f, -4.0f};
    std::copy(av, av + 3, a.data<float>());
    std::copy(bv, bv + 3, b.data<float>());
    EXPECT_NEAR(normalised_error(a, b), 0.1 / 4.0, 1e-6);
}

}  // namespace
}  // namespace conformance
