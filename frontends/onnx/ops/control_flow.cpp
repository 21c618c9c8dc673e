// SPDX-License-Identifier: Apache-2.0
// If, Loop and Scan as OpenVINO's If-8, Loop-5 and TensorIterator-0. Each ONNX body becomes an ov::Model whose
// Parameters are the body's inputs followed by the outer values it reads (GraphConverter::convert_body); those
// outer values enter the op unchanged at every iteration.

#include "../graph_converter.hpp"
#include "devmux/kit/known_value.hpp"
#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

using OuterReads = std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<v0::Parameter>>>;

const onnx::GraphProto& body_of(const NodeContext& node, const std::string& name) {
    const auto* graph = node.attr_graph(name);
    if (!graph)
        node.fail("has no '" + name + "' graph attribute");
    return *graph;
}

// The ONNX data type of an element type, for the body inputs that leave theirs out (0 where ONNX has none).
int32_t onnx_type_of(const ov::element::Type& type) {
    static const std::pair<ov::element::Type, int32_t> types[] = {
        {ov::element::f32, onnx::TensorProto::FLOAT},   {ov::element::u8, onnx::TensorProto::UINT8},
        {ov::element::i8, onnx::TensorProto::INT8},     {ov::element::u16, onnx::TensorProto::UINT16},
        {ov::element::i16, onnx::TensorProto::INT16},   {ov::element::i32, onnx::TensorProto::INT32},
        {ov::element::i64, onnx::TensorProto::INT64},   {ov::element::boolean, onnx::TensorProto::BOOL},
        {ov::element::f16, onnx::TensorProto::FLOAT16}, {ov::element::f64, onnx::TensorProto::DOUBLE},
        {ov::element::u32, onnx::TensorProto::UINT32},  {ov::element::u64, onnx::TensorProto::UINT64},
        {ov::element::bf16, onnx::TensorProto::BFLOAT16},
    };
    for (const auto& entry : types)
        if (entry.first == type)
            return entry.second;
    return 0;
}

// ONNX lets a body's inputs leave their types to inference; such an input takes the element type of the value
// that feeds it (`types`, in the body's input order), and an unknown shape.
// A copy of the body (its Constants share the copy's bytes, so it is shared, not a temporary).
std::shared_ptr<const onnx::GraphProto> typed_body(const onnx::GraphProto& body,
                                                   const std::vector<ov::element::Type>& types) {
    auto typed = std::make_shared<onnx::GraphProto>(body);
    for (int i = 0; i < typed->input_size() && static_cast<size_t>(i) < types.size(); ++i) {
        auto* input = typed->mutable_input(i);
        if (input->type().has_tensor_type() && input->type().tensor_type().elem_type() != 0)
            continue;
        const int32_t type = onnx_type_of(types[static_cast<size_t>(i)]);
        if (type != 0)
            input->mutable_type()->mutable_tensor_type()->set_elem_type(type);
    }
    return typed;
}

// A one-element tensor as the scalar OpenVINO's control flow ops take; a Constant stays a Constant so that
// Loop can count its iterations when the model is read.
ov::Output<ov::Node> as_scalar(const ov::Output<ov::Node>& value) {
    const auto& shape = value.get_partial_shape();
    if (shape.rank().is_static() && shape.rank().get_length() == 0)
        return value;
    if (auto constant = ov::as_type_ptr<v0::Constant>(value.get_node_shared_ptr()))
        if (shape.is_static() && ov::shape_size(shape.to_shape()) == 1)
            return std::make_shared<v0::Constant>(constant->get_element_type(), ov::Shape{}, constant->get_data_ptr())
                ->output(0);
    return std::make_shared<v1::Reshape>(value, i64s({}), false)->output(0);
}

// A body's scan output with a new axis of length one at `axis`, so that concatenating the iterations' values
// along it stacks them.
std::shared_ptr<v0::Result> stacked_result(const std::shared_ptr<v0::Result>& result, int64_t axis) {
    auto unsqueezed = std::make_shared<v0::Unsqueeze>(result->input_value(0), i64s({axis}));
    return std::make_shared<v0::Result>(unsqueezed);
}

int64_t axis_within(const NodeContext& node, int64_t axis, const ov::PartialShape& shape, int64_t extra,
                    const char* what) {
    if (axis >= 0)
        return axis;
    if (shape.rank().is_dynamic())
        node.fail(std::string("has a negative ") + what + " for a value of unknown rank");
    return normalize_axis(node, axis, shape.rank().get_length() + extra);
}

// Whether the body's condition output is its condition input passed through, or a true Constant: the loop
// then stops only on its trip count, which Loop can count when the model is read.
bool condition_never_changes(const ov::Model& body) {
    const auto source = body.get_results().at(0)->input_value(0).get_node_shared_ptr();
    if (source == body.get_parameters().at(1))
        return true;
    const auto constant = ov::as_type_ptr<v0::Constant>(source);
    if (!constant || constant->get_element_type() != ov::element::boolean || ov::shape_size(constant->get_shape()) != 1)
        return false;
    return constant->cast_vector<char>().at(0) != 0;
}

}  // namespace

ov::OutputVector if_op(const NodeContext& node) {
    // A condition known when the model is read (PyTorch's traces test an input's rank, Size(Shape(x)) == 1, as
    // in Silero VAD's LSTM cell) takes its branch inline: its outputs keep that branch's shapes, where an If
    // merges both branches' (ranks that differ become a dynamic rank, which a later Conv or ReduceMean cannot
    // be converted with).
    if (const auto known = devmux::kit::known_value(node.input(0))) {
        if (ov::shape_size(known->get_shape()) == 1) {
            OuterReads reads;
            const bool then = known->cast_vector<double>().at(0) != 0;
            auto body = node.graph().convert_body(body_of(node, then ? "then_branch" : "else_branch"), reads);
            for (const auto& read : reads)
                read.second->output(0).replace(read.first);
            ov::OutputVector outputs;
            for (const auto& result : body->get_results())
                outputs.push_back(result->input_value(0));
            return outputs;
        }
    }
    OuterReads then_reads, else_reads;
    auto then_body = node.graph().convert_body(body_of(node, "then_branch"), then_reads);
    auto else_body = node.graph().convert_body(body_of(node, "else_branch"), else_reads);
    const auto& then_results = then_body->get_results();
    const auto& else_results = else_body->get_results();
    if (then_results.size() != else_results.size())
        node.fail("has a then_branch with " + std::to_string(then_results.size()) + " outputs and an else_branch with " +
                  std::to_string(else_results.size()));
    auto choice = std::make_shared<v8::If>(as_scalar(node.input(0)));
    choice->set_then_body(then_body);
    choice->set_else_body(else_body);
    for (const auto& read : then_reads)
        choice->set_input(read.first, read.second, nullptr);
    for (const auto& read : else_reads)
        choice->set_input(read.first, nullptr, read.second);
    ov::OutputVector outputs;
    for (size_t i = 0; i < then_results.size(); ++i)
        outputs.push_back(choice->set_output(then_results[i], else_results[i]));
    choice->validate_and_infer_types();
    return outputs;
}

ov::OutputVector loop(const NodeContext& node) {
    // ONNX: inputs (M, cond, carried...); body inputs (iteration_num, cond, carried...), body outputs
    // (cond, carried..., scan outputs...).
    const size_t carried = node.input_count() > 2 ? node.input_count() - 2 : 0;
    std::vector<ov::element::Type> input_types{ov::element::i64, ov::element::boolean};
    for (size_t k = 0; k < carried; ++k)
        input_types.push_back(node.input(2 + k).get_element_type());
    OuterReads reads;
    auto body = node.graph().convert_body(typed_body(body_of(node, "body"), input_types), reads);
    const auto& parameters = body->get_parameters();
    const auto& results = body->get_results();
    if (parameters.size() != carried + 2 + reads.size())
        node.fail("has a body with " + std::to_string(parameters.size() - reads.size()) + " inputs for its " +
                  std::to_string(carried) + " carried values; ONNX's Loop body takes 2 more");
    if (results.size() < carried + 1)
        node.fail("has a body with " + std::to_string(results.size()) + " outputs for its " + std::to_string(carried) +
                  " carried values; ONNX's Loop body gives 1 more");
    const size_t scans = results.size() - 1 - carried;

    // Scan outputs stack each iteration's value along a new first axis.
    ov::ResultVector body_results(results.begin(), results.begin() + 1 + carried);
    for (size_t k = 0; k < scans; ++k)
        body_results.push_back(stacked_result(results[1 + carried + k], 0));
    auto stacked_body = std::make_shared<ov::Model>(body_results, parameters, body->get_friendly_name());

    const ov::Output<ov::Node> trip_count =
        node.has_input(0) ? as_scalar(node.input(0)) : i64_scalar(-1);
    const ov::Output<ov::Node> condition =
        node.has_input(1) ? as_scalar(node.input(1))
                          : v0::Constant::create(ov::element::boolean, ov::Shape{}, {true})->output(0);
    auto op = std::make_shared<v5::Loop>(trip_count, condition);
    op->set_function(stacked_body);
    op->set_special_body_ports({0, condition_never_changes(*body) ? -1 : 0});
    // The body's condition input starts at the Loop's condition and then takes the body's condition output.
    op->set_merged_input(parameters[1], condition, body_results[0]);
    for (size_t k = 0; k < carried; ++k)
        op->set_merged_input(parameters[2 + k], node.input(2 + k), body_results[1 + k]);
    for (const auto& read : reads)
        op->set_invariant_input(read.second, read.first);
    ov::OutputVector outputs;
    for (size_t k = 0; k < carried; ++k)
        outputs.push_back(op->get_iter_value(body_results[1 + k], -1));
    for (size_t k = 0; k < scans; ++k)
        outputs.push_back(op->get_concatenated_slices(body_results[1 + carried + k], 0, 1, 1, -1, 0));
    op->validate_and_infer_types();
    return outputs;
}

namespace {

// What a Scan iterates: the initial states, the scan inputs, and how each is cut and each output stacked.
struct ScanPlan {
    ov::OutputVector states, scan_inputs;
    std::vector<int64_t> input_axes, input_directions, output_axes, output_directions;
};

// The body Scan runs (a Model whose Parameters are the states, the scan slices and the outer reads) as a
// TensorIterator over `plan`; `reads` pairs each outer-read Parameter with the value that feeds it.
ov::OutputVector scan_with(const NodeContext& node, const ov::Model& body, const OuterReads& reads,
                           const ScanPlan& plan) {
    const size_t states = plan.states.size(), scan_inputs = plan.scan_inputs.size();
    auto parameters = body.get_parameters();
    const auto& results = body.get_results();
    if (parameters.size() != states + scan_inputs + reads.size())
        node.fail("has a body with " + std::to_string(parameters.size() - reads.size()) + " inputs for its " +
                  std::to_string(states + scan_inputs) + " states and scan inputs");
    if (results.size() < states)
        node.fail("has a body with " + std::to_string(results.size()) + " outputs for its " + std::to_string(states) +
                  " states");
    const size_t scan_outputs = results.size() - states;
    if (plan.input_axes.size() != scan_inputs || plan.input_directions.size() != scan_inputs)
        node.fail("has scan input axes or directions of another length than num_scan_inputs");
    if (plan.output_axes.size() != scan_outputs || plan.output_directions.size() != scan_outputs)
        node.fail("has scan_output_axes or scan_output_directions of another length than its scan outputs");

    // TensorIterator hands the body slices that keep the scan axis (length one): the body squeezes it away.
    std::vector<int64_t> slice_axes;
    for (size_t j = 0; j < scan_inputs; ++j) {
        const int64_t axis = axis_within(node, plan.input_axes[j], plan.scan_inputs[j].get_partial_shape(), 0,
                                         "scan input axis");
        auto& parameter = parameters[states + j];
        auto sliced = std::make_shared<v0::Parameter>(parameter->get_element_type(), ov::PartialShape::dynamic());
        sliced->set_friendly_name(parameter->get_friendly_name());
        auto squeezed = std::make_shared<v0::Squeeze>(sliced, i64s({axis}));
        parameter->output(0).replace(squeezed->output(0));
        parameter = sliced;
        slice_axes.push_back(axis);
    }
    ov::ResultVector body_results(results.begin(), results.begin() + static_cast<std::ptrdiff_t>(states));
    std::vector<int64_t> stack_axes;
    for (size_t k = 0; k < scan_outputs; ++k) {
        const auto& result = results[states + k];
        const int64_t axis = axis_within(node, plan.output_axes[k], result->get_input_partial_shape(0), 1,
                                         "scan_output_axes entry");
        body_results.push_back(stacked_result(result, axis));
        stack_axes.push_back(axis);
    }
    auto sliced_body = std::make_shared<ov::Model>(body_results, parameters, body.get_friendly_name());

    auto op = std::make_shared<v0::TensorIterator>();
    op->set_body(sliced_body);
    for (size_t i = 0; i < states; ++i)
        op->set_merged_input(parameters[i], plan.states[i], body_results[i]);
    for (size_t j = 0; j < scan_inputs; ++j) {
        const bool reversed = plan.input_directions[j] != 0;
        op->set_sliced_input(parameters[states + j], plan.scan_inputs[j], reversed ? -1 : 0, reversed ? -1 : 1, 1,
                             reversed ? 0 : -1, slice_axes[j]);
    }
    for (const auto& read : reads)
        op->set_invariant_input(read.second, read.first);
    ov::OutputVector outputs;
    for (size_t i = 0; i < states; ++i)
        outputs.push_back(op->get_iter_value(body_results[i], -1));
    for (size_t k = 0; k < scan_outputs; ++k) {
        const bool reversed = plan.output_directions[k] != 0;
        outputs.push_back(op->get_concatenated_slices(body_results[states + k], reversed ? -1 : 0, reversed ? -1 : 1,
                                                      1, reversed ? 0 : -1, stack_axes[k]));
    }
    op->validate_and_infer_types();
    return outputs;
}

// The number of scan inputs among the last `available` inputs, checked.
size_t scan_input_count(const NodeContext& node, size_t available) {
    const int64_t count = node.attr_int("num_scan_inputs");
    if (count <= 0 || static_cast<size_t>(count) > available)
        node.fail("has num_scan_inputs " + std::to_string(count) + " for its " + std::to_string(available) +
                  " states and scan inputs");
    return static_cast<size_t>(count);
}

std::shared_ptr<ov::Model> scan_body(const NodeContext& node, size_t first_input, OuterReads& reads) {
    std::vector<ov::element::Type> input_types;
    for (size_t i = first_input; i < node.input_count(); ++i)
        input_types.push_back(node.input(i).get_element_type());
    return node.graph().convert_body(typed_body(body_of(node, "body"), input_types), reads);
}

}  // namespace

ov::OutputVector scan(const NodeContext& node) {
    // ONNX (opset 9 on): inputs (states..., scan inputs...); body inputs (states..., one slice of each scan
    // input without its scan axis), body outputs (states..., one slice of each scan output).
    const size_t scan_inputs = scan_input_count(node, node.input_count());
    const size_t states = node.input_count() - scan_inputs;
    OuterReads reads;
    const auto body = scan_body(node, 0, reads);
    const size_t scan_outputs = body->get_results().size() >= states ? body->get_results().size() - states : 0;
    ScanPlan plan;
    for (size_t i = 0; i < node.input_count(); ++i)
        (i < states ? plan.states : plan.scan_inputs).push_back(node.input(i));
    plan.input_axes = node.attr_ints("scan_input_axes", std::vector<int64_t>(scan_inputs, 0));
    plan.input_directions = node.attr_ints("scan_input_directions", std::vector<int64_t>(scan_inputs, 0));
    plan.output_axes = node.attr_ints("scan_output_axes", std::vector<int64_t>(scan_outputs, 0));
    plan.output_directions = node.attr_ints("scan_output_directions", std::vector<int64_t>(scan_outputs, 0));
    return scan_with(node, *body, reads, plan);
}

ov::OutputVector scan_legacy(const NodeContext& node) {
    // ONNX opset 8: inputs (sequence_lens, states..., scan inputs...), every one with a leading batch axis and
    // the scan inputs with the sequence axis after it; the body sees one batch element. An outer
    // TensorIterator walks the batch and runs the opset-9 form on each element.
    if (node.has_input(0))
        node.fail("has the input sequence_lens; devmux converts Scan-8 with every sequence at full length only");
    const size_t available = node.input_count() > 0 ? node.input_count() - 1 : 0;
    const size_t scan_inputs = scan_input_count(node, available);
    const size_t states = available - scan_inputs;
    OuterReads reads;
    const auto body = scan_body(node, 1, reads);
    const size_t scan_outputs = body->get_results().size() >= states ? body->get_results().size() - states : 0;

    // The outer body: one batch element of every input (and the outer values the inner body reads).
    ov::ParameterVector element_parameters;
    ScanPlan plan;
    for (size_t i = 0; i < available; ++i) {
        auto parameter =
            std::make_shared<v0::Parameter>(node.input(1 + i).get_element_type(), ov::PartialShape::dynamic());
        element_parameters.push_back(parameter);
        const auto element = std::make_shared<v0::Squeeze>(parameter, i64s({0}))->output(0);
        (i < states ? plan.states : plan.scan_inputs).push_back(element);
    }
    OuterReads inner_reads;
    ov::ParameterVector read_parameters;
    for (const auto& read : reads) {
        auto parameter = std::make_shared<v0::Parameter>(read.first.get_element_type(), read.first.get_partial_shape());
        read_parameters.push_back(parameter);
        inner_reads.emplace_back(parameter->output(0), read.second);
    }
    plan.input_axes.assign(scan_inputs, 0);
    plan.input_directions = node.attr_ints("directions", std::vector<int64_t>(scan_inputs, 0));
    plan.output_axes.assign(scan_outputs, 0);
    plan.output_directions.assign(scan_outputs, 0);
    const auto per_element = scan_with(node, *body, inner_reads, plan);

    ov::ResultVector element_results;
    for (const auto& value : per_element)
        element_results.push_back(std::make_shared<v0::Result>(std::make_shared<v0::Unsqueeze>(value, i64s({0}))));
    ov::ParameterVector outer_parameters = element_parameters;
    outer_parameters.insert(outer_parameters.end(), read_parameters.begin(), read_parameters.end());
    auto batch_body = std::make_shared<ov::Model>(element_results, outer_parameters, body->get_friendly_name());

    auto op = std::make_shared<v0::TensorIterator>();
    op->set_body(batch_body);
    for (size_t i = 0; i < available; ++i)
        op->set_sliced_input(element_parameters[i], node.input(1 + i), 0, 1, 1, -1, 0);
    for (size_t r = 0; r < reads.size(); ++r)
        op->set_invariant_input(read_parameters[r], reads[r].first);
    ov::OutputVector outputs;
    for (const auto& result : element_results)
        outputs.push_back(op->get_concatenated_slices(result, 0, 1, 1, -1, 0));
    op->validate_and_infer_types();
    return outputs;
}

}  // namespace onnx_frontend
}  // namespace devmux
