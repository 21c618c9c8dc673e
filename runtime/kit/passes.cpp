// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/passes.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "openvino/core/type/float16.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/squeeze.hpp"
#include "openvino/op/unsqueeze.hpp"
#include "openvino/op/util/multi_subgraph_base.hpp"
#include "openvino/op/util/variable_extension.hpp"
#include "openvino/runtime/properties.hpp"

#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "openvino/op/util/shape_of_base.hpp"

namespace devmux {
namespace kit {
namespace {

#if defined(__x86_64__) && defined(__GNUC__)
// F16C converts 8 values per instruction, rounding to nearest even as ov::float16 does; the build targets
// plain x86-64, so these are compiled for F16C alone and called where the CPU has it.
__attribute__((target("avx,f16c"))) void f32_to_f16_f16c(const float* in, uint16_t* out, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm256_cvtps_ph(_mm256_loadu_ps(in + i), 0));
    for (; i < count; ++i)
        out[i] = static_cast<uint16_t>(_cvtss_sh(in[i], 0));
}

__attribute__((target("avx,f16c"))) void f16_to_f32_f16c(const uint16_t* in, float* out, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8)
        _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i))));
    for (; i < count; ++i)
        out[i] = _cvtsh_ss(in[i]);
}

bool has_f16c() {
    // F16C from CPUID leaf 1 directly: clang's __builtin_cpu_supports does not know "f16c".
    static const bool has = [] {
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        return __builtin_cpu_supports("avx") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
    }();
    return has;
}
#endif

bool never_folded(const std::shared_ptr<ov::Node>& node) {
    // Stateful ops read or write state that only exists at run time; Sinks have side effects.
    return ov::is_type<ov::op::v0::Constant>(node) || ov::is_type<ov::op::v0::Parameter>(node) ||
           ov::is_type<ov::op::v0::Result>(node) || ov::is_type<ov::op::util::ReadValueBase>(node) ||
           ov::is_type<ov::op::util::AssignBase>(node) || ov::is_type<ov::op::Sink>(node) ||
           node->get_output_size() == 0;
}

bool all_inputs_constant(const ov::Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (!ov::is_type<ov::op::v0::Constant>(node.get_input_node_shared_ptr(i)))
            return false;
    return true;
}

// The folded values of node, or an empty vector when it cannot be folded now.
ov::OutputVector try_fold(const std::shared_ptr<ov::Node>& node) {
    ov::OutputVector folded;
    const bool shape_of = ov::is_type<ov::op::util::ShapeOfBase>(node);
    if (shape_of) {
        if (node->get_input_size() != 1 || !node->get_input_partial_shape(0).is_static())
            return {};
    } else if (!node->has_evaluate() || !all_inputs_constant(*node)) {
        return {};
    }
    try {
        if (!node->constant_fold(folded, node->input_values()))
            return {};
    } catch (const ov::Exception&) {
        // Invalid values (an index out of range, ...): leave the node to fail at run time.
        return {};
    }
    if (folded.size() != node->get_output_size())
        return {};
    for (size_t i = 0; i < folded.size(); ++i) {
        if (!ov::is_type<ov::op::v0::Constant>(folded[i].get_node_shared_ptr()) ||
            folded[i].get_element_type() != node->get_output_element_type(i) ||
            !node->get_output_partial_shape(i).compatible(folded[i].get_partial_shape()))
            return {};
    }
    return folded;
}

}  // namespace

size_t fold_constants(ov::Model& model) {
    size_t count = 0;
    // The ordered list is taken once: a node folded here makes its consumers (later in the list) see
    // Constant inputs, so whole chains fold in this single pass.
    for (const auto& node : model.get_ordered_ops()) {
        if (never_folded(node))
            continue;
        const auto folded = try_fold(node);
        if (folded.empty())
            continue;
        for (size_t i = 0; i < folded.size(); ++i) {
            const auto constant = folded[i].get_node_shared_ptr();
            constant->set_friendly_name(folded.size() == 1 ? node->get_friendly_name()
                                                           : node->get_friendly_name() + "." + std::to_string(i));
            constant->get_rt_info() = node->get_rt_info();
            const auto old_output = node->output(i);
            // The names go with the value, so lookups by tensor name find the Constant. The old tensor keeps
            // them too: a Result shares its producer's tensor until it is re-validated below.
            folded[i].get_tensor().set_names(old_output.get_names());
            old_output.replace(folded[i]);
        }
        ++count;
    }
    if (count != 0) {
        // Results present their producer's tensor; re-inference makes them present the Constants'.
        model.validate_nodes_and_infer_types();
    }
    return count;
}

namespace {

bool is_floating_in(const ov::element::Type& type, const std::vector<ov::element::Type>& set) {
    return std::find(set.begin(), set.end(), type) != set.end();
}

float load_float(const ov::element::Type& type, const void* data, size_t i) {
    if (type == ov::element::f16)
        return static_cast<float>(static_cast<const ov::float16*>(data)[i]);
    if (type == ov::element::bf16)
        return static_cast<float>(static_cast<const ov::bfloat16*>(data)[i]);
    return static_cast<const float*>(data)[i];
}

void store_float(const ov::element::Type& type, void* data, size_t i, float value) {
    if (type == ov::element::f16)
        static_cast<ov::float16*>(data)[i] = ov::float16(value);
    else if (type == ov::element::bf16)
        static_cast<ov::bfloat16*>(data)[i] = ov::bfloat16(value);
    else
        static_cast<float*>(data)[i] = value;
}

bool is_convertible_float(const ov::element::Type& type) {
    return type == ov::element::f32 || type == ov::element::f16 || type == ov::element::bf16;
}

}  // namespace

void convert_floats(const void* source, const ov::element::Type& from, void* destination, const ov::element::Type& to,
                    size_t count) {
    OPENVINO_ASSERT(is_convertible_float(from) && is_convertible_float(to),
                    "convert_floats converts between f32, f16 and bf16, not from ", from, " to ", to);
    // The boundaries of every f16 inference take these two: loops without a type test per element.
    if (from == ov::element::f32 && to == ov::element::f16) {
#if defined(__x86_64__) && defined(__GNUC__)
        if (has_f16c())
            return f32_to_f16_f16c(static_cast<const float*>(source), static_cast<uint16_t*>(destination), count);
#endif
        const auto* in = static_cast<const float*>(source);
        auto* out = static_cast<ov::float16*>(destination);
        for (size_t i = 0; i < count; ++i)
            out[i] = ov::float16(in[i]);
        return;
    }
    if (from == ov::element::f16 && to == ov::element::f32) {
#if defined(__x86_64__) && defined(__GNUC__)
        if (has_f16c())
            return f16_to_f32_f16c(static_cast<const uint16_t*>(source), static_cast<float*>(destination), count);
#endif
        const auto* in = static_cast<const ov::float16*>(source);
        auto* out = static_cast<float*>(destination);
        for (size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(in[i]);
        return;
    }
    for (size_t i = 0; i < count; ++i)
        store_float(to, destination, i, load_float(from, source, i));
}

namespace {

// The same values as a Constant of type `to`, converted once at compile time.
std::shared_ptr<ov::op::v0::Constant> reconvert(const ov::op::v0::Constant& constant, const ov::element::Type& to) {
    const auto& shape = constant.get_shape();
    ov::Tensor values(to, shape);
    convert_floats(constant.get_data_ptr(), constant.get_element_type(), values.data(), to, ov::shape_size(shape));
    return std::make_shared<ov::op::v0::Constant>(values);
}

bool is_identity(const std::shared_ptr<ov::Node>& node) {
    if (node->get_input_size() == 0 || node->get_output_size() != 1)
        return false;
    const auto& in_shape = node->get_input_partial_shape(0);
    const auto& out_shape = node->get_output_partial_shape(0);
    if (in_shape.is_dynamic() || out_shape.is_dynamic() || in_shape != out_shape ||
        node->get_input_element_type(0) != node->get_output_element_type(0))
        return false;
    return ov::is_type<ov::op::v0::Convert>(node) || ov::is_type<ov::op::v1::Reshape>(node) ||
           ov::is_type<ov::op::v0::Squeeze>(node) || ov::is_type<ov::op::v0::Unsqueeze>(node);
}

bool feeds_result(const ov::Node& node) {
    for (const auto& target : node.get_output_target_inputs(0))
        if (ov::is_type<ov::op::v0::Result>(target.get_node()))
            return true;
    return false;
}

}  // namespace

size_t remove_identity_ops(ov::Model& model) {
    size_t count = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if (!is_identity(node))
            continue;
        const auto source = node->input_value(0);
        if (ov::is_type<ov::op::v0::Parameter>(source.get_node()) && feeds_result(*node))
            continue;
        auto names = source.get_names();
        for (const auto& name : node->output(0).get_names())
            names.insert(name);
        source.get_tensor().set_names(names);
        node->output(0).replace(source);
        ++count;
    }
    if (count != 0)
        model.validate_nodes_and_infer_types();  // Results present their new producer's tensor
    return count;
}

void replace_keeping_identity(const std::shared_ptr<ov::Node>& original, const std::shared_ptr<ov::Node>& replacement) {
    OPENVINO_ASSERT(original && replacement && original->get_output_size() == 1 && replacement->get_output_size() == 1,
                    "replace_keeping_identity replaces one single-output node by another");
    replacement->set_friendly_name(original->get_friendly_name());
    replacement->get_rt_info() = original->get_rt_info();
    replacement->output(0).get_tensor().set_names(original->output(0).get_names());
    original->output(0).replace(replacement->output(0));
}

ov::element::Type choose_inference_precision(const std::string& device, const std::vector<std::string>& capabilities,
                                             const ov::element::Type& hint) {
    const auto has = [&](const char* capability) {
        return std::find(capabilities.begin(), capabilities.end(), capability) != capabilities.end();
    };
    const bool lists_fp32 = has(ov::device::capability::FP32), lists_fp16 = has(ov::device::capability::FP16),
               lists_bf16 = has(ov::device::capability::BF16);
    const bool hinted = hint != ov::element::undefined && hint != ov::element::dynamic;
    if (hinted && hint != ov::element::f32 && hint != ov::element::f16 && hint != ov::element::bf16)
        OPENVINO_THROW(device, ": invalid value '", hint, "' for ", ov::hint::inference_precision.name(),
                       "; accepted: f32, f16, bf16");
    if (hint == ov::element::f16 && lists_fp16)
        return ov::element::f16;
    if (hint == ov::element::bf16 && lists_bf16)
        return ov::element::bf16;
    if (lists_fp32 || (!lists_fp16 && !lists_bf16))
        return ov::element::f32;
    for (const auto& capability : capabilities) {
        if (capability == ov::device::capability::FP16)
            return ov::element::f16;
        if (capability == ov::device::capability::BF16)
            return ov::element::bf16;
    }
    return ov::element::f32;
}

namespace {

// Ops that make values of a type named by an attribute (Range-4, Eye, RandomUniform: "output_type" or
// "out_type") compute in the model's precision too: a floating output type of `from` becomes `to`.
class OutputTypeRetyper : public ov::AttributeVisitor {
public:
    OutputTypeRetyper(const std::vector<ov::element::Type>& from, const ov::element::Type& to) : m_from(from), m_to(to) {}
    bool on_text(const std::string& name, std::string& text) override {
        if (name != "output_type" && name != "out_type")
            return false;
        for (const auto& type : m_from)
            if (text == type.get_type_name() && text != m_to.get_type_name()) {
                text = m_to.get_type_name();
                changed = true;
                return true;
            }
        return false;
    }
    bool changed = false;

private:
    const std::vector<ov::element::Type>& m_from;
    ov::element::Type m_to;
};

}  // namespace

size_t convert_precision(ov::Model& model, const std::vector<ov::element::Type>& from, const ov::element::Type& to) {
    OPENVINO_ASSERT(is_convertible_float(to), "convert_precision converts to f32, f16 or bf16, not ", to);
    for (const auto& type : from)
        OPENVINO_ASSERT(is_convertible_float(type), "convert_precision converts from f32, f16 or bf16, not ", type);
    std::map<std::string, std::shared_ptr<ov::op::util::Variable>> retyped;  // by variable id
    size_t count = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node)) {
            if (constant->get_element_type() != to && is_floating_in(constant->get_element_type(), from)) {
                replace_keeping_identity(constant, reconvert(*constant, to));
                ++count;
            }
        } else if (auto convert = ov::as_type_ptr<ov::op::v0::Convert>(node)) {
            if (convert->get_destination_type() != to && is_floating_in(convert->get_destination_type(), from)) {
                convert->set_destination_type(to);
                ++count;
            }
        } else if (auto parameter = ov::as_type_ptr<ov::op::v0::Parameter>(node)) {
            if (parameter->get_element_type() != to && is_floating_in(parameter->get_element_type(), from)) {
                parameter->set_element_type(to);
                ++count;
            }
        } else if (auto* multi = dynamic_cast<ov::op::util::MultiSubGraphOp*>(node.get())) {
            // A body computes in the precision of the model around it: its Constants and Converts follow; its
            // Parameters take the op's input types when the model is revalidated below.
            for (size_t b = 0; b < multi->get_internal_subgraphs_size(); ++b)
                if (const auto& body = multi->get_function(b))
                    count += convert_precision(*body, from, to);
        } else if (!ov::is_type<ov::op::v0::Result>(node)) {
            OutputTypeRetyper retyper(from, to);
            node->visit_attributes(retyper);
            count += retyper.changed ? 1 : 0;
        }
        if (auto* extension = dynamic_cast<ov::op::util::VariableExtension*>(node.get())) {
            auto variable = extension->get_variable();
            if (variable && variable->get_info().data_type != to &&
                is_floating_in(variable->get_info().data_type, from)) {
                auto& replacement = retyped[variable->get_info().variable_id];
                if (!replacement) {
                    auto info = variable->get_info();
                    info.data_type = to;
                    replacement = std::make_shared<ov::op::util::Variable>(info);
                }
                // The base setter only rebinds (same id): the ops' own setters revalidate at once, and an
                // Assign whose producer is not widened yet would refuse the new type. Every node is
                // revalidated in order below.
                extension->ov::op::util::VariableExtension::set_variable(replacement);
                ++count;
            }
        }
    }
    if (count != 0)
        model.validate_nodes_and_infer_types();
    return count;
}

size_t apply_inference_precision(ov::Model& model, const ov::element::Type& precision) {
    if (precision == ov::element::f32)
        return convert_precision(model, {ov::element::f16, ov::element::bf16}, ov::element::f32);
    if (precision == ov::element::bf16)
        return convert_precision(model, {ov::element::f32, ov::element::f16}, ov::element::bf16);
    OPENVINO_ASSERT(precision == ov::element::f16, "apply_inference_precision: no policy for ", precision,
                    " (f32, f16 or bf16)");
    return 0;  // f16 weights stay as they are
}

}  // namespace kit
}  // namespace devmux
