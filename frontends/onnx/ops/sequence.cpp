// SPDX-License-Identifier: Apache-2.0
// The sequence ops, resolved while converting (docs/onnx.md, "Sequences"). ov::Model has no sequence type, so a
// sequence is held by the GraphConverter as the list of its tensors: SequenceEmpty, SequenceConstruct,
// SequenceInsert and SequenceErase edit that list, SplitToSequence fills it from a Split or VariadicSplit,
// SequenceAt hands out one element, SequenceLength is a Constant and ConcatFromSequence a Concat. Every position
// and the number of elements must therefore be known when the model is read; a node that would need them at run
// time is refused, as is a sequence that leaves its graph (GraphConverter).

#include <set>

#include "../graph_converter.hpp"
#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

using Sequence = GraphConverter::Sequence;

// Each element of a sequence is an output of its own, so a hostile file's giant split axis must not become
// billions of them.
constexpr int64_t max_split_elements = 65536;

void check_split_count(const NodeContext& node, int64_t count) {
    if (count > max_split_elements)
        node.fail("would split into " + std::to_string(count) + " tensors; devmux holds at most " +
                  std::to_string(max_split_elements) + " in a sequence resolved while converting");
}

const Sequence& input_sequence(const NodeContext& node) {
    if (node.proto().input_size() < 1 || node.proto().input(0).empty())
        node.fail("has no input sequence");
    return node.graph().sequence(node.proto().input(0), node.describe());
}

ov::OutputVector made(const NodeContext& node, Sequence sequence) {
    if (node.proto().output_size() != 1 || node.proto().output(0).empty())
        node.fail("has " + std::to_string(node.proto().output_size()) + " outputs; it makes one sequence");
    sequence.made_by = node.describe();
    node.graph().set_sequence(node.proto().output(0), std::move(sequence));
    return {};
}

// The position input `i` (a scalar known when the model is read) made non-negative against `size`; `last` is
// the highest position accepted (size - 1 to read or erase an element, size to insert one).
size_t position_of(const NodeContext& node, size_t i, size_t size, size_t last) {
    if (!node.input_is_constant(i))
        node.fail("takes its position (input " + std::to_string(i) +
                  ") at run time; devmux resolves sequences while converting (ov::Model has no sequence type), so "
                  "positions must be known when the model is read");
    const auto values = node.const_ints(i, "position");
    if (values.size() != 1)
        node.fail("has a position of " + std::to_string(values.size()) + " values; ONNX takes a scalar");
    const int64_t n = static_cast<int64_t>(size);
    const int64_t position = values[0] < 0 ? values[0] + n : values[0];
    if (position < 0 || position > static_cast<int64_t>(last))
        node.fail("has the position " + std::to_string(values[0]) + " in a sequence of " + std::to_string(size) +
                  " tensors");
    return static_cast<size_t>(position);
}

void check_type(const NodeContext& node, const Sequence& sequence, const ov::Output<ov::Node>& tensor) {
    if (tensor.get_element_type() != sequence.element_type)
        node.fail("puts a tensor of type " + tensor.get_element_type().get_type_name() + " into a sequence of " +
                  sequence.element_type.get_type_name());
}

}  // namespace

bool is_sequence_consumer(const std::string& op_type) {
    static const std::set<std::string> consumers{"SequenceAt", "SequenceInsert", "SequenceErase", "SequenceLength",
                                                 "ConcatFromSequence"};
    return consumers.count(op_type) != 0;
}

ov::OutputVector sequence_empty(const NodeContext& node) {
    Sequence sequence;
    sequence.element_type = element_type_of(static_cast<int32_t>(node.attr_int("dtype", onnx::TensorProto::FLOAT)),
                                            node.describe() + " (its dtype)");
    return made(node, std::move(sequence));
}

ov::OutputVector sequence_construct(const NodeContext& node) {
    if (node.input_count() == 0)
        node.fail("has no inputs; ONNX's SequenceConstruct takes at least one tensor");
    Sequence sequence;
    sequence.element_type = node.input(0).get_element_type();
    for (size_t i = 0; i < node.input_count(); ++i) {
        check_type(node, sequence, node.input(i));
        sequence.elements.push_back(node.input(i));
    }
    return made(node, std::move(sequence));
}

ov::OutputVector sequence_insert(const NodeContext& node) {
    Sequence sequence = input_sequence(node);
    const auto tensor = node.input(1);
    check_type(node, sequence, tensor);
    const size_t size = sequence.elements.size();
    const size_t position = node.has_input(2) ? position_of(node, 2, size, size) : size;
    sequence.elements.insert(sequence.elements.begin() + static_cast<std::ptrdiff_t>(position), tensor);
    return made(node, std::move(sequence));
}

ov::OutputVector sequence_erase(const NodeContext& node) {
    Sequence sequence = input_sequence(node);
    const size_t size = sequence.elements.size();
    if (size == 0)
        node.fail("erases from an empty sequence");
    const size_t position = node.has_input(1) ? position_of(node, 1, size, size - 1) : size - 1;
    sequence.elements.erase(sequence.elements.begin() + static_cast<std::ptrdiff_t>(position));
    return made(node, std::move(sequence));
}

ov::OutputVector sequence_at(const NodeContext& node) {
    const Sequence& sequence = input_sequence(node);
    const size_t size = sequence.elements.size();
    if (size == 0)
        node.fail("reads from an empty sequence");
    return {sequence.elements[position_of(node, 1, size, size - 1)]};
}

ov::OutputVector sequence_length(const NodeContext& node) {
    const Sequence& sequence = input_sequence(node);
    return {v0::Constant::create(ov::element::i64, ov::Shape{},
                                 {static_cast<int64_t>(sequence.elements.size())})->output(0)};
}

ov::OutputVector concat_from_sequence(const NodeContext& node) {
    const Sequence& sequence = input_sequence(node);
    if (sequence.elements.empty())
        node.fail("concatenates an empty sequence; ONNX's ConcatFromSequence needs at least one tensor");
    if (!node.has_attr("axis"))
        node.fail("has no 'axis' attribute; ONNX requires one");
    const bool new_axis = node.attr_int("new_axis", 0) != 0;
    const auto& rank = sequence.elements[0].get_partial_shape().rank();
    if (rank.is_dynamic())
        node.fail("concatenates tensors of unknown rank; the axis needs it");
    const int64_t axis = normalize_axis(node, node.attr_int("axis"), rank.get_length() + (new_axis ? 1 : 0));
    ov::OutputVector parts;
    for (const auto& element : sequence.elements)
        parts.push_back(new_axis ? std::make_shared<v0::Unsqueeze>(element, i64s({axis}))->output(0) : element);
    return {std::make_shared<v0::Concat>(parts, axis)->output(0)};
}

ov::OutputVector split_to_sequence(const NodeContext& node) {
    const auto x = node.input(0);
    Sequence sequence;
    sequence.element_type = x.get_element_type();
    const auto& shape = x.get_partial_shape();
    int64_t axis = node.attr_int("axis", 0);
    if (shape.rank().is_static())
        axis = normalize_axis(node, axis, shape.rank().get_length());
    auto static_length = [&]() -> int64_t {
        if (shape.rank().is_dynamic() || axis < 0 || shape[static_cast<size_t>(axis)].is_dynamic())
            node.fail("splits an axis whose length is only known at run time into pieces of one length; devmux "
                      "resolves sequences while converting (ov::Model has no sequence type), so the number of "
                      "tensors must be known when the model is read");
        return shape[static_cast<size_t>(axis)].get_length();
    };
    // The split makes no output of the node itself, so it takes the node's name here, for profiling and queries.
    const std::string split_name = !node.proto().name().empty() ? node.proto().name()
                                   : node.proto().output_size() > 0 ? node.proto().output(0)
                                                                    : std::string("SplitToSequence");
    const auto add_parts = [&](const std::shared_ptr<ov::Node>& split) {
        split->set_friendly_name(split_name);
        for (size_t i = 0; i < split->get_output_size(); ++i)
            sequence.elements.push_back(split->output(i));
    };
    if (!node.has_input(1)) {
        // Pieces of length 1; keepdims=0 drops the split axis.
        const int64_t length = static_length();
        check_split_count(node, length);
        if (length == 0)
            return made(node, std::move(sequence));
        auto split = std::make_shared<v1::Split>(x, i64_scalar(axis), static_cast<size_t>(length));
        split->set_friendly_name(split_name);
        for (size_t i = 0; i < split->get_output_size(); ++i)
            sequence.elements.push_back(node.attr_int("keepdims", 1) != 0
                                            ? split->output(i)
                                            : std::make_shared<v0::Squeeze>(split->output(i), i64s({axis}))->output(0));
        return made(node, std::move(sequence));
    }
    const auto split_input = node.input(1);
    const auto& split_shape = split_input.get_partial_shape();
    if (split_shape.rank().is_static() && split_shape.rank().get_length() == 0) {
        // One length for every piece; the last one takes what is left.
        const auto piece = node.const_ints(1, "split length");
        if (piece.size() != 1 || piece[0] <= 0)
            node.fail("has a split length that is not positive");
        const int64_t length = static_length();
        check_split_count(node, length / piece[0] + (length % piece[0] != 0 ? 1 : 0));
        std::vector<int64_t> lengths;
        for (int64_t done = 0; done < length; done += piece[0])
            lengths.push_back(std::min(piece[0], length - done));
        if (!lengths.empty())
            add_parts(std::make_shared<v1::VariadicSplit>(x, i64_scalar(axis), i64s(lengths)));
        return made(node, std::move(sequence));
    }
    if (split_shape.rank().is_dynamic() || split_shape.rank().get_length() != 1 || split_shape[0].is_dynamic())
        node.fail("takes split lengths whose count is only known at run time; devmux resolves sequences while "
                  "converting (ov::Model has no sequence type), so the number of tensors must be known when the model "
                  "is read");
    // The count of pieces is the split input's static length; the lengths themselves may come at run time.
    check_split_count(node, split_shape[0].get_length());
    const auto lengths = split_input.get_element_type() == ov::element::i64
                             ? split_input
                             : std::make_shared<v0::Convert>(split_input, ov::element::i64)->output(0);
    if (split_shape[0].get_length() > 0)
        add_parts(std::make_shared<v1::VariadicSplit>(x, i64_scalar(axis), lengths));
    return made(node, std::move(sequence));
}

}  // namespace onnx_frontend
}  // namespace devmux
