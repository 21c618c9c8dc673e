// SPDX-License-Identifier: Apache-2.0
#include "devmux/plugin/iremote_context.hpp"

#include <cstdlib>
#include <cstring>

#include "core/tensor_access.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/remote_context.hpp"

namespace devmux {
namespace {

// Host memory presented as a remote tensor, so that a host device's context works like any other.
class HostRemoteTensor : public IRemoteTensor {
public:
    HostRemoteTensor(const ov::element::Type& type, const ov::Shape& shape, std::string device)
        : m_tensor(type, shape), m_device(std::move(device)), m_space(host_memory_space) {}

    const ov::element::Type& get_element_type() const override { return m_tensor.get_element_type(); }
    const ov::Shape& get_shape() const override { return m_tensor.get_shape(); }
    const std::string& get_device_name() const override { return m_device; }
    const std::string& get_memory_space() const override { return m_space; }
    ov::AnyMap get_params() const override { return {{memory_space_key, m_space}}; }
    void* host_data() const override { return m_tensor.data(); }
    void copy_to_host(ov::Tensor& dst) const override { m_tensor.copy_to(dst); }
    void copy_from_host(const ov::Tensor& src) override { src.copy_to(m_tensor); }
    void set_shape(const ov::Shape& shape) override { m_tensor.set_shape(shape); }

private:
    mutable ov::Tensor m_tensor;
    std::string m_device;
    std::string m_space;
};

class HostContext : public IRemoteContext {
public:
    explicit HostContext(std::string device) : m_device(std::move(device)), m_space(host_memory_space) {}
    const std::string& get_device_name() const override { return m_device; }
    const std::string& get_memory_space() const override { return m_space; }
    ov::AnyMap get_property() const override { return {{memory_space_key, m_space}}; }
    std::shared_ptr<IRemoteTensor> create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                 const ov::AnyMap& params) override {
        for (const auto& kv : params) {
            ov::Any value = kv.second;
            OPENVINO_ASSERT(kv.first == memory_space_key && value.as<std::string>() == m_space, "Device '", m_device,
                            "': its host-memory context takes no tensor parameter '", kv.first, "' (only ",
                            memory_space_key, "=", m_space, ")");
        }
        return std::make_shared<HostRemoteTensor>(type, shape, m_device);
    }

private:
    std::string m_device;
    std::string m_space;
};

void check_same_layout(const ov::Tensor& src, const ov::Tensor& dst) {
    OPENVINO_ASSERT(src && dst, "Cannot copy ", src ? "into" : "from", " an empty tensor");
    OPENVINO_ASSERT(src.get_element_type() == dst.get_element_type(), "Cannot copy a ", src.get_element_type(),
                    " tensor into a ", dst.get_element_type(), " tensor");
}

std::string describe_remote_tensor(const IRemoteTensor& tensor) {
    return "device '" + tensor.get_device_name() + "' (" + tensor.get_memory_space() + ")";
}

void check_types(const std::map<std::string, std::vector<std::string>>& type_info, const ov::AnyMap& params,
                 const char* what) {
    for (const auto& kv : type_info) {
        const auto found = params.find(kv.first);
        OPENVINO_ASSERT(found != params.end(), what, " has no parameter '", kv.first, "'");
        if (kv.second.empty())
            continue;
        ov::Any value = found->second;
        const std::string text = value.as<std::string>();
        bool accepted = false;
        for (const auto& allowed : kv.second)
            accepted = accepted || allowed == text;
        OPENVINO_ASSERT(accepted, what, " has ", kv.first, "='", text, "', which is not one of the expected values");
    }
}

}  // namespace

void IRemoteTensor::set_shape(const ov::Shape& shape) {
    OPENVINO_NOT_IMPLEMENTED("The remote tensor of ", describe_remote_tensor(*this), " cannot change its shape to ",
                             shape);
}

ov::Tensor IRemoteContext::create_host_tensor(const ov::element::Type& type, const ov::Shape& shape) {
    return ov::Tensor(type, shape);
}

std::shared_ptr<IRemoteContext> make_host_context(const std::string& device_name) {
    return std::make_shared<HostContext>(device_name);
}

ov::RemoteTensor make_remote_tensor(const std::shared_ptr<IRemoteTensor>& tensor, const std::shared_ptr<void>& library) {
    return TensorAccess::wrap(tensor, library);
}

std::shared_ptr<IRemoteTensor> remote_tensor_of(const ov::Tensor& tensor) {
    return TensorAccess::remote(tensor);
}

std::string memory_space_of(const ov::Tensor& tensor) {
    const auto remote = TensorAccess::remote(tensor);
    return remote ? remote->get_memory_space() : std::string(host_memory_space);
}

void copy_tensor(const ov::Tensor& src, ov::Tensor& dst) {
    check_same_layout(src, dst);
    const auto from = TensorAccess::remote(src);
    const auto to = TensorAccess::remote(dst);
    const bool src_on_device = from && !from->host_data();
    const bool dst_on_device = to && !to->host_data();
    if (!src_on_device && !dst_on_device) {
        src.copy_to(dst);
        return;
    }
    OPENVINO_ASSERT(src.get_shape() == dst.get_shape(), "Cannot copy a tensor of shape ", src.get_shape(),
                    " into one of shape ", dst.get_shape(), " across memory spaces");
    if (src_on_device && !dst_on_device) {
        from->copy_to_host(dst);
    } else if (!src_on_device) {
        to->copy_from_host(src);
    } else {
        // Device to another device: through host memory.
        ov::Tensor staging(src.get_element_type(), src.get_shape());
        from->copy_to_host(staging);
        to->copy_from_host(staging);
    }
}

}  // namespace devmux

namespace ov {

RemoteContext::RemoteContext(const std::shared_ptr<devmux::IRemoteContext>& impl, const std::shared_ptr<void>& so)
    : _so(so), _impl(impl) {
    OPENVINO_ASSERT(_impl, "A remote context needs a backend context, got null");
}

RemoteContext::~RemoteContext() {
    _impl.reset();  // before the library that holds its code
}

void RemoteContext::type_check(const RemoteContext& remote_context,
                               const std::map<std::string, std::vector<std::string>>& type_info) {
    OPENVINO_ASSERT(remote_context, "The remote context is empty");
    devmux::check_types(type_info, remote_context.get_params(), "The remote context");
}

RemoteTensor RemoteContext::create_tensor(const element::Type& type, const Shape& shape, const AnyMap& params) {
    OPENVINO_ASSERT(_impl, "create_tensor on an empty remote context");
    auto tensor = _impl->create_tensor(type, shape, params);
    OPENVINO_ASSERT(tensor, "The context of device '", _impl->get_device_name(), "' created no tensor");
    return devmux::make_remote_tensor(tensor, _so);
}

AnyMap RemoteContext::get_params() const {
    OPENVINO_ASSERT(_impl, "get_params on an empty remote context");
    return _impl->get_property();
}

Tensor RemoteContext::create_host_tensor(const element::Type type, const Shape& shape) {
    OPENVINO_ASSERT(_impl, "create_host_tensor on an empty remote context");
    return _impl->create_host_tensor(type, shape);
}

std::string RemoteContext::get_device_name() const {
    OPENVINO_ASSERT(_impl, "get_device_name on an empty remote context");
    return _impl->get_device_name();
}

void RemoteTensor::type_check(const Tensor& tensor, const std::map<std::string, std::vector<std::string>>& type_info) {
    const auto remote = devmux::remote_tensor_of(tensor);
    OPENVINO_ASSERT(remote, "The tensor is not a remote tensor (it is ", tensor ? "a host tensor" : "empty", ")");
    devmux::check_types(type_info, remote->get_params(), "The remote tensor");
}

void RemoteTensor::copy_to(ov::Tensor& dst) const { devmux::copy_tensor(*this, dst); }

void RemoteTensor::copy_from(const ov::Tensor& src) {
    ov::Tensor self = *this;
    devmux::copy_tensor(src, self);
}

AnyMap RemoteTensor::get_params() const {
    const auto remote = devmux::remote_tensor_of(*this);
    OPENVINO_ASSERT(remote, "get_params on a tensor that is not remote");
    return remote->get_params();
}

std::string RemoteTensor::get_device_name() const {
    const auto remote = devmux::remote_tensor_of(*this);
    OPENVINO_ASSERT(remote, "get_device_name on a tensor that is not remote");
    return remote->get_device_name();
}

}  // namespace ov
