// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "cl_device.hpp"
#include "config.hpp"
#include "devmux/plugin/iplugin.hpp"

namespace devmux {
namespace opencl {

/// The "OPENCL" device: every OpenCL device of the admitted types on every platform (OPENCL.0 ... N).
class Plugin : public IPlugin {
public:
    Plugin();

    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                  const ov::AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const ov::AnyMap& properties) const override;
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override;
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override;
    /// The memory of the device `params` select (like compile properties: OPENCL_DEVICE_TYPES, the index).
    std::shared_ptr<IRemoteContext> get_default_context(const ov::AnyMap& params) const override;

    Config merged_config(const ov::AnyMap& properties) const;
    /// The device a configuration selects, its context made on first use; throws naming why there is none.
    std::shared_ptr<DeviceContext> device(const Config& config) const;
    /// One pair per device, shared by its asynchronous requests (start_async).
    DeviceThreads threads(const DeviceContext& device) const;

private:
    // m_mutex guards m_config (set_property against compiles and queries), m_devices and m_threads (made
    // on first use by whichever thread compiles first).
    mutable std::mutex m_mutex;
    Config m_config;
    mutable std::map<cl_device_id, std::shared_ptr<DeviceContext>> m_devices;
    mutable std::map<const DeviceContext*, DeviceThreads> m_threads;
};

}  // namespace opencl
}  // namespace devmux
