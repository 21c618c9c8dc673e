// SPDX-License-Identifier: Apache-2.0
// Every op case of op_cases.cpp on every device, for each element type of the case: the device claims
// the case when query_model reports every operation node of its model; a claimed case compiles and its
// outputs match the reference evaluate() within the tolerance table; an unclaimed one does not compile
// (query equals compile).
#include <gtest/gtest.h>

#include <functional>

#include "conformance.hpp"
#include "op_cases.hpp"

namespace conformance {
namespace {

struct OpParam {
    const Device* device;
    const OpCase* op;
    ov::element::Type type;
};

std::vector<OpParam> op_params() {
    std::vector<OpParam> params;
    for (const auto& device : devices())
        for (const auto& op : op_cases())
            for (const auto& type : op.types)
                params.push_back({&device, &op, type});
    return params;
}

void PrintTo(const OpParam& p, std::ostream* os) {
    *os << p.device->label << " " << p.op->name << " " << p.type;
}

bool is_operation(const ov::Node& node) {
    const std::string type = node.get_type_name();
    return type != "Parameter" && type != "Result" && type != "Constant";
}

// The default input range of an element type: reals in [-3, 3], integers in [-20, 20].
Range range_of(const OpCase& op, size_t input, const ov::element::Type& type) {
    if (input < op.ranges.size())
        return op.ranges[input];
    return type.is_real() ? Range{-3, 3} : Range{-20, 20};
}

class OpConformance : public ::testing::TestWithParam<OpParam> {};

TEST_P(OpConformance, QueryEqualsCompileAndMatchesReference) {
    const OpParam& p = GetParam();
    run(*p.device, [&] {
        const auto model = p.op->build(p.type);
        const auto supported = core().query_model(model, p.device->name);
        bool claimed = true;
        std::string missing;
        for (const auto& node : model->get_ordered_ops())
            if (is_operation(*node) && !supported.count(node->get_friendly_name())) {
                claimed = false;
                missing = std::string(node->get_type_name()) + " '" + node->get_friendly_name() + "'";
            }
        ::testing::Test::RecordProperty("claimed", claimed ? "true" : "false");
        if (!claimed) {
            try {
                core().compile_model(model, p.device->name);
                ADD_FAILURE() << "query_model does not report " << missing << ", but compile_model accepts the model";
            } catch (const ov::Exception&) {
                // Refused, as its query answer says.
            }
            return;
        }
        ov::CompiledModel compiled;
        ASSERT_NO_THROW(compiled = core().compile_model(model, p.device->name))
            << "query_model reports every op supported, so compile_model must accept the model";
        std::vector<ov::Tensor> inputs;
        auto request = compiled.create_infer_request();
        const auto& parameters = model->get_parameters();
        for (size_t i = 0; i < parameters.size(); ++i) {
            const Range r = range_of(*p.op, i, parameters[i]->get_element_type());
            inputs.push_back(random_tensor(parameters[i]->get_element_type(), parameters[i]->get_shape(),
                                           1000u + static_cast<uint32_t>(i), r.lo, r.hi));
            request.set_input_tensor(i, inputs.back());
        }
        request.infer();
        const auto expected = reference_outputs(*model, inputs);
        ASSERT_EQ(compiled.outputs().size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            const ov::Tensor actual = request.get_output_tensor(i);
            EXPECT_EQ(actual.get_element_type(), expected[i].get_element_type()) << "output " << i;
            EXPECT_EQ(actual.get_shape(), expected[i].get_shape()) << "output " << i;
            const double limit = tolerance(*p.op, expected[i].get_element_type());
            EXPECT_LE(normalised_error(actual, expected[i]), limit)
                << "output " << i << " of " << p.op->name << " (" << p.type << "): normalised error over the limit "
                << limit;
        }
    });
}

std::string op_test_name(const ::testing::TestParamInfo<OpParam>& info) {
    return test_name(info.param.device->label, info.param.op->name + "_" + info.param.type.get_type_name());
}

INSTANTIATE_TEST_SUITE_P(Conformance, OpConformance, ::testing::ValuesIn(op_params()), op_test_name);

// The same cases on a mock device configured to take only some op types (MOCK_SUPPORTED_OPS), so that the
// unclaimed branch runs against a real plugin: what it does not report must not compile. Not a device of
// devices.def; run by the CTest conformance.harness.
std::vector<OpParam> partial_support_params() {
    static const Device mockpart{"MOCKPART", "MOCKPART", "MOCKPART", true};
    std::vector<OpParam> params;
    for (const auto& op : op_cases())
        params.push_back({&mockpart, &op, op.types.front()});
    return params;
}

INSTANTIATE_TEST_SUITE_P(PartialSupport, OpConformance, ::testing::ValuesIn(partial_support_params()),
                         op_test_name);

}  // namespace
}  // namespace conformance
