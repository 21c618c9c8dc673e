// SPDX-License-Identifier: Apache-2.0
// Einsum-7: equation parsing, shape inference (label dimensions merge, ellipsis dimensions broadcast) and a
// reference that walks every combination of label values once, adding the product of the operands into the
// output element the output labels select. A label repeated in one operand gets the sum of that operand's
// strides, which walks its diagonal.
#include "openvino/op/einsum.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <type_traits>
#include <vector>

#include "ops/reference/broadcast_dim.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v7 {

namespace {
using devmux::ref::broadcast_dim;
using devmux::ref::describe;

const std::string ellipsis = "...";

bool is_label(char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0; }

bool has_ellipsis(const std::vector<std::string>& labels) {
    return std::find(labels.begin(), labels.end(), ellipsis) != labels.end();
}

// What shape inference and evaluation share: the parsed equation checked against the operands' shapes.
struct EinsumShapes {
    std::vector<std::vector<std::string>> input_labels;
    std::vector<std::string> output_labels;
    std::map<std::string, Dimension> label_dims;
    std::vector<Dimension> ellipsis_dims;
    bool ellipsis_rank_known = true;
};

EinsumShapes check_shapes(const Node& node, const std::string& equation, const std::vector<PartialShape>& shapes) {
    EinsumShapes r;
    std::vector<std::string> subscripts;
    std::string output;
    try {
        Einsum::parse_equation(equation, subscripts, output);
    } catch (const ov::Exception& e) {
        OPENVINO_THROW(describe(node), ": ", e.what());
    }
    if (subscripts.size() != shapes.size())
        OPENVINO_THROW(describe(node), ": equation '", equation, "' has ", subscripts.size(),
                       " input subscripts but the op has ", shapes.size(), " inputs");
    r.output_labels = Einsum::extract_labels(output);
    for (size_t i = 0; i < shapes.size(); ++i) {
        const auto labels = Einsum::extract_labels(subscripts[i]);
        r.input_labels.push_back(labels);
        const auto& s = shapes[i];
        if (!s.rank_is_static()) {
            if (has_ellipsis(labels))
                r.ellipsis_rank_known = false;
            continue;
        }
        const bool ell = has_ellipsis(labels);
        const size_t named = labels.size() - (ell ? 1 : 0);
        if (ell ? s.size() < named : s.size() != named)
            OPENVINO_THROW(describe(node), ": subscript '", subscripts[i], "' of input ", i, " does not fit its shape ",
                           s);
        const size_t ell_rank = ell ? s.size() - named : 0;
        size_t axis = 0;
        for (const auto& label : labels) {
            if (label == ellipsis) {
                std::vector<Dimension> dims(s.begin() + axis, s.begin() + axis + ell_rank);
                if (dims.size() > r.ellipsis_dims.size())
                    r.ellipsis_dims.insert(r.ellipsis_dims.begin(), dims.size() - r.ellipsis_dims.size(), Dimension(1));
                const size_t offset = r.ellipsis_dims.size() - dims.size();
                for (size_t j = 0; j < dims.size(); ++j) {
                    Dimension merged;
                    if (!broadcast_dim(merged, r.ellipsis_dims[offset + j], dims[j]))
                        OPENVINO_THROW(describe(node), ": the ellipsis dimensions of input ", i, " (shape ", s,
                                       ") do not broadcast with those of the other inputs");
                    r.ellipsis_dims[offset + j] = merged;
                }
                axis += ell_rank;
                continue;
            }
            auto it = r.label_dims.find(label);
            if (it == r.label_dims.end()) {
                r.label_dims[label] = s[axis];
            } else {
                Dimension merged;
                if (!Dimension::merge(merged, it->second, s[axis]))
                    OPENVINO_THROW(describe(node), ": label '", label, "' has dimension ", s[axis], " in input ", i,
                                   " but ", it->second, " elsewhere");
                it->second = merged;
            }
            ++axis;
        }
    }
    return r;
}

std::vector<Dimension> output_dims(const EinsumShapes& r) {
    std::vector<Dimension> out;
    for (const auto& label : r.output_labels) {
        if (label == ellipsis) {
            out.insert(out.end(), r.ellipsis_dims.begin(), r.ellipsis_dims.end());
        } else {
            auto it = r.label_dims.find(label);
            out.push_back(it == r.label_dims.end() ? Dimension::dynamic() : it->second);
        }
    }
    return out;
}

}  // namespace

Einsum::Einsum(const OutputVector& inputs, const std::string& equation) : Op(inputs) {
    set_equation(equation);
    constructor_validate_and_infer_types();
}

void Einsum::set_equation(std::string equation) {
    equation.erase(std::remove(equation.begin(), equation.end(), ' '), equation.end());
    m_equation = std::move(equation);
}

std::vector<std::string> Einsum::extract_labels(const std::string& subscript) {
    std::vector<std::string> labels;
    for (size_t i = 0; i < subscript.size();) {
        if (subscript.compare(i, 3, ellipsis) == 0) {
            labels.push_back(ellipsis);
            i += 3;
        } else {
            OPENVINO_ASSERT(is_label(subscript[i]), "Einsum: subscript '", subscript, "' has an invalid character '",
                            subscript[i], "' (labels are letters, and '...')");
            labels.emplace_back(1, subscript[i]);
            ++i;
        }
    }
    return labels;
}

void Einsum::parse_equation(const std::string& equation_text, std::vector<std::string>& input_subscripts,
                            std::string& output_subscript) {
    std::string equation = equation_text;
    equation.erase(std::remove(equation.begin(), equation.end(), ' '), equation.end());
    OPENVINO_ASSERT(!equation.empty(), "Einsum: the equation is empty");
    const auto arrow = equation.find("->");
    const std::string lhs = equation.substr(0, arrow);
    input_subscripts.clear();
    size_t start = 0;
    while (true) {
        const auto comma = lhs.find(',', start);
        input_subscripts.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    std::map<std::string, size_t> counts;
    bool any_ellipsis = false;
    for (const auto& subscript : input_subscripts) {
        const auto labels = extract_labels(subscript);
        OPENVINO_ASSERT(std::count(labels.begin(), labels.end(), ellipsis) <= 1, "Einsum: subscript '", subscript,
                        "' of equation '", equation, "' has more than one ellipsis");
        for (const auto& label : labels) {
            if (label == ellipsis)
                any_ellipsis = true;
            else
                ++counts[label];
        }
    }
    if (arrow == std::string::npos) {
        // Implicit output: the ellipsis, then the labels that occur once, alphabetically.
        output_subscript = any_ellipsis ? ellipsis : "";
        for (const auto& entry : counts)
            if (entry.second == 1)
                output_subscript += entry.first;
        return;
    }
    output_subscript = equation.substr(arrow + 2);
    OPENVINO_ASSERT(output_subscript.find("->") == std::string::npos && output_subscript.find(',') == std::string::npos,
                    "Einsum: equation '", equation, "' has a malformed output subscript");
    const auto labels = extract_labels(output_subscript);
    for (size_t i = 0; i < labels.size(); ++i) {
        OPENVINO_ASSERT(std::find(labels.begin(), labels.begin() + i, labels[i]) == labels.begin() + i,
                        "Einsum: output subscript '", output_subscript, "' repeats '", labels[i], "'");
        if (labels[i] == ellipsis)
            OPENVINO_ASSERT(any_ellipsis, "Einsum: output subscript '", output_subscript,
                            "' has an ellipsis that no input has");
        else
            OPENVINO_ASSERT(counts.count(labels[i]) != 0, "Einsum: output label '", labels[i],
                            "' appears in no input subscript of '", equation, "'");
    }
}

void Einsum::validate_and_infer_types() {
    const size_t n = get_input_size();
    if (n == 0)
        OPENVINO_THROW(describe(*this), ": expects at least one input");
    element::Type type = element::dynamic;
    std::vector<PartialShape> shapes;
    for (size_t i = 0; i < n; ++i) {
        const auto& t = get_input_element_type(i);
        if (t == element::boolean)
            OPENVINO_THROW(describe(*this), ": input ", i, " must have a numeric element type, got ", t);
        element::Type merged;
        if (!element::Type::merge(merged, type, t))
            OPENVINO_THROW(describe(*this), ": input ", i, " has element type ", t, ", expected ", type,
                           " like the other inputs");
        type = merged;
        shapes.push_back(get_input_partial_shape(i));
    }
    const auto r = check_shapes(*this, m_equation, shapes);
    const bool output_has_ellipsis = has_ellipsis(r.output_labels);
    if (output_has_ellipsis && !r.ellipsis_rank_known)
        set_output_type(0, type, PartialShape::dynamic());
    else
        set_output_type(0, type, PartialShape(output_dims(r)));
}

bool Einsum::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("equation", m_equation);
    set_equation(m_equation);
    return true;
}

std::shared_ptr<Node> Einsum::clone_with_new_inputs(const OutputVector& new_args) const {
    return std::make_shared<Einsum>(new_args, m_equation);
}

bool Einsum::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, get_input_size());
    const auto type = inputs[0].get_element_type();
    std::vector<PartialShape> shapes;
    for (const auto& t : inputs) {
        if (t.get_element_type() != type)
            OPENVINO_THROW(describe(*this), ": inputs of different element types ", type, " and ",
                           t.get_element_type());
        shapes.emplace_back(t.get_shape());
    }
    const auto r = check_shapes(*this, m_equation, shapes);
    const Shape out_shape = PartialShape(output_dims(r)).to_shape();

    // Axes of the walk: the ellipsis axes, then one per label; each operand and the output step through them
    // with their own strides (0 where an axis is not theirs or is broadcast).
    const size_t ell_rank = r.ellipsis_dims.size();
    std::vector<size_t> sizes;
    for (const auto& d : r.ellipsis_dims)
        sizes.push_back(static_cast<size_t>(d.get_length()));
    std::map<std::string, size_t> axis_of;
    for (const auto& entry : r.label_dims) {
        axis_of[entry.first] = sizes.size();
        sizes.push_back(static_cast<size_t>(entry.second.get_length()));
    }
    const size_t axes = sizes.size();
    std::vector<std::vector<size_t>> strides(inputs.size() + 1, std::vector<size_t>(axes, 0));
    for (size_t i = 0; i < inputs.size(); ++i) {
        const Shape& s = inputs[i].get_shape();
        const auto in_strides = ov::row_major_strides(s);
        const auto& labels = r.input_labels[i];
        const size_t own_ell = has_ellipsis(labels) ? s.size() - (labels.size() - 1) : 0;
        size_t dim = 0;
        for (const auto& label : labels) {
            if (label == ellipsis) {
                for (size_t j = 0; j < own_ell; ++j, ++dim)
                    if (s[dim] != 1)
                        strides[i][ell_rank - own_ell + j] += in_strides[dim];
            } else {
                strides[i][axis_of[label]] += in_strides[dim++];
            }
        }
    }
    {
        const auto out_strides = ov::row_major_strides(out_shape);
        size_t dim = 0;
        for (const auto& label : r.output_labels) {
            if (label == ellipsis) {
                for (size_t j = 0; j < ell_rank; ++j)
                    strides[inputs.size()][j] = out_strides[dim++];
            } else {
                strides[inputs.size()][axis_of[label]] = out_strides[dim++];
            }
        }
    }

    return devmux::ref::dispatch_numeric(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        using Acc = typename std::conditional<std::is_floating_point<C>::value, double,
                                              typename std::conditional<std::is_signed<C>::value, int64_t,
                                                                        uint64_t>::type>::type;
        Tensor& out_tensor = devmux::ref::prepare_output(outputs, 0, type, out_shape);
        std::vector<Acc> acc(shape_size(out_shape), Acc(0));
        std::vector<const T*> data;
        for (const auto& t : inputs)
            data.push_back(t.data<T>());
        const size_t total = shape_size(Shape(sizes.begin(), sizes.end()));
        std::vector<size_t> index(axes, 0), offset(inputs.size() + 1, 0);
        for (size_t step = 0; step < total; ++step) {
            Acc product = Acc(1);
            for (size_t i = 0; i < inputs.size(); ++i)
                product *= static_cast<Acc>(static_cast<C>(data[i][offset[i]]));
            acc[offset[inputs.size()]] += product;
            // Odometer: advance the last axis, carrying into earlier ones.
            for (size_t a = axes; a-- > 0;) {
                ++index[a];
                for (size_t i = 0; i <= inputs.size(); ++i)
                    offset[i] += strides[i][a];
                if (index[a] < sizes[a])
                    break;
                for (size_t i = 0; i <= inputs.size(); ++i)
                    offset[i] -= strides[i][a] * sizes[a];
                index[a] = 0;
            }
        }
        T* out = out_tensor.data<T>();
        for (size_t i = 0; i < acc.size(); ++i)
            out[i] = static_cast<T>(static_cast<C>(acc[i]));
    });
}

bool Einsum::has_evaluate() const {
    if (get_input_size() == 0)
        return false;
    const auto& type = get_input_element_type(0);
    return !type.is_dynamic() && type != element::boolean && devmux::ref::dispatch_numeric(type, [](auto) {});
}

}  // namespace v7
}  // namespace op
}  // namespace ov
