// SPDX-License-Identifier: Apache-2.0
// Writing one op's model as IR and reading it back, for the op test areas that check each op survives
// serialisation. Kept apart from test_utils.hpp because it needs the runtime's internal IR reader and
// writer, which only the INTERNAL test targets see.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"

namespace devmux_test {

// A model of op alone: params feed it and each of its outputs goes to a Result.
inline std::shared_ptr<ov::Model> model_of_op(const std::shared_ptr<ov::Node>& op, const ov::ParameterVector& params,
                                              const std::string& name = "round_trip") {
    ov::ResultVector results;
    for (const auto& output : op->outputs())
        results.push_back(std::make_shared<ov::op::v0::Result>(output));
    return std::make_shared<ov::Model>(results, params, name);
}

// The model as the IR writer writes it (XML and weights) and the reader reads it back.
struct IrRoundTrip {
    std::string xml;
    std::shared_ptr<ov::Model> model;
};

inline IrRoundTrip write_and_read_ir(const ov::Model& model) {
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(model, xml, bin);
    const std::string bytes = bin.str();
    auto weights = std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end());
    return {xml.str(), devmux::ir::read_model_from_memory(xml.str(), weights, "round trip")};
}

// Round-trips op's model and expects the op read back (same type and version) to have op's attributes,
// output types and shapes. Returns it, or null after a test failure that shows the XML when it is missing.
inline std::shared_ptr<ov::Node> expect_op_round_trip(const std::shared_ptr<ov::Node>& op,
                                                      const ov::ParameterVector& params, std::string* xml = nullptr) {
    const auto trip = write_and_read_ir(*model_of_op(op, params));
    if (xml)
        *xml = trip.xml;
    for (const auto& node : trip.model->get_ordered_ops()) {
        if (node->get_type_info() != op->get_type_info())
            continue;
        EXPECT_EQ(attributes_of(*node), attributes_of(*op)) << op->get_type_name();
        EXPECT_EQ(node->get_output_size(), op->get_output_size()) << op->get_type_name();
        for (size_t i = 0; i < op->get_output_size() && i < node->get_output_size(); ++i) {
            EXPECT_EQ(node->get_output_element_type(i), op->get_output_element_type(i))
                << op->get_type_name() << " output " << i;
            EXPECT_EQ(node->get_output_partial_shape(i), op->get_output_partial_shape(i))
                << op->get_type_name() << " output " << i;
        }
        return node;
    }
    ADD_FAILURE() << "no " << op->get_type_name() << " " << op->get_type_info().get_version()
                  << " in the model read back:\n"
                  << trip.xml;
    return nullptr;
}

}  // namespace devmux_test
