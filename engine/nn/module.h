// nn.Module: the container of parameters, buffers and child modules that every layer builds on.
//
// A Module keeps three ordered tables, as PyTorch's _parameters, _buffers and _modules dicts do;
// registration order is iteration order everywhere (named_parameters, state_dict, repr). Entries may
// hold an undefined Tensor / null module, PyTorch's None (Linear(bias=False) registers bias = None):
// they keep their slot but are skipped by iteration and state_dict. The base class knows nothing
// about particular layers, so the VM of a later phase can build user-defined nn.Module subclasses on
// it; the built-in layers are in nn/modules.h.
//
// A parameter is a leaf tensor with requires_grad=True (make_parameter). Modules look their
// parameters up by name when they run, so replacing one (module.weight = Parameter(...)) or loading
// a state_dict (which copies in place) is seen by the next forward.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ops/output_layout.h"
#include "tensor/tensor.h"

namespace kiln::nn {

// nn.Parameter(data, requires_grad): a leaf sharing data's storage.
Tensor make_parameter(const Tensor& data, bool requires_grad = true);

class Module;
using ModulePtr = std::shared_ptr<Module>;
using NamedTensors = std::vector<std::pair<std::string, Tensor>>;
using StateDict = NamedTensors;  // an ordered dict name -> tensor

// load_state_dict's return value (torch's _IncompatibleKeys).
struct LoadStateDictResult {
    std::vector<std::string> missing_keys;
    std::vector<std::string> unexpected_keys;
};

class Module {
public:
    explicit Module(std::string type_name);
    virtual ~Module() = default;
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;

    // The class name repr prints (self._get_name()).
    const std::string& type_name() const { return type_name_; }
    // The name repr prints: a Python subclass of a built-in layer (class Conv2dNormActivation(nn.Sequential))
    // prints its own class name wherever it sits in the module tree; type_name() stays the C++ layer's.
    const std::string& repr_name() const { return repr_name_.empty() ? type_name_ : repr_name_; }
    void set_repr_name(std::string name) { repr_name_ = std::move(name); }

    // ---- running ----
    // forward(*inputs): built-in layers take and return tensors; a missing output (MHA's weights
    // with need_weights=False) is an undefined Tensor. The base raises PyTorch's error.
    virtual std::vector<Tensor> forward(const std::vector<Tensor>& inputs);
    // module(x) for single-input, single-output layers.
    Tensor operator()(const Tensor& x);

    // ---- printing ----
    // The text inside the parentheses of a leaf's repr ("in_features=4, out_features=8, bias=True").
    virtual std::string extra_repr() const { return ""; }
    // The text repr prints inside the parentheses: a Python subclass of a built-in layer may override
    // extra_repr (class StdConv(nn.Conv2d) adding its own fields); the bindings install this hook, which
    // returns nothing where the layer's own extra_repr stands.
    static inline std::function<std::optional<std::string>(const Module&)> extra_repr_hook;
    // The repr of the child `name` when something other than the child module answers for it (the
    // bindings: a traced or scripted module registered as the child prints itself), else nothing.
    static inline std::function<std::optional<std::string>(const Module&, const std::string&)> child_repr_hook;
    // PyTorch's Module.__repr__: extra_repr, then "(name): child" lines indented by two spaces.
    virtual std::string repr() const;

    // ---- registration (register_parameter, register_buffer, add_module) ----
    // Re-registering an existing name replaces the entry in place (keeps its position).
    void register_parameter(const std::string& name, const Tensor& param);
    void register_buffer(const std::string& name, const Tensor& buffer, bool persistent = true);
    ModulePtr register_module(const std::string& name, ModulePtr module);
    // `del module.name`: drops the entry (a parameter, buffer or child) from its table; false if absent.
    bool erase_entry(const std::string& name);

    // ---- own entries by name (undefined / null when absent or None) ----
    // parameter(name) of a name that is not a parameter asks missing_parameter_hook: a program may have
    // replaced a layer's parameter by a plain tensor attribute or a property (torch.nn.utils.weight_norm,
    // prune, parametrize: `del m._parameters["weight"]; m.weight = g * v / |v|`), which the layer's
    // forward reads as PyTorch's F.linear(x, self.weight) would.
    static inline std::function<Tensor(const Module&, const std::string&)> missing_parameter_hook;
    Tensor parameter(const std::string& name) const;
    Tensor buffer(const std::string& name) const;
    ModulePtr child(const std::string& name) const;
    bool has_parameter(const std::string& name) const;
    bool has_buffer(const std::string& name) const;
    bool has_child(const std::string& name) const;

    // ---- recursive iteration (remove_duplicate=True: a shared tensor/module appears once) ----
    NamedTensors named_parameters(const std::string& prefix = "", bool recurse = true) const;
    std::vector<Tensor> parameters(bool recurse = true) const;
    NamedTensors named_buffers(const std::string& prefix = "", bool recurse = true) const;
    std::vector<Tensor> buffers(bool recurse = true) const;
    std::vector<std::pair<std::string, ModulePtr>> named_children() const;
    std::vector<ModulePtr> children() const;
    // Pre-order: this module first (name ""), then descendants ("layer1", "layer1.0", ...).
    std::vector<std::pair<std::string, Module*>> named_modules(const std::string& prefix = "");
    std::vector<Module*> modules();

    // ---- state ----
    // Parameters then persistent buffers of each module, module by module in pre-order, detached.
    StateDict state_dict(const std::string& prefix = "") const;
    // Copies matching entries in place. strict: missing/unexpected keys raise PyTorch's error;
    // shape mismatches always raise. `not_tensors`: keys whose checkpoint value is not a tensor (their
    // entry in `state` is undefined), with the type PyTorch's error names ("<class 'int'>").
    LoadStateDictResult load_state_dict(const StateDict& state, bool strict = true,
                                        const std::map<std::string, std::string>& not_tensors = {});

    // ---- modes and housekeeping ----
    Module& train(bool mode = true);  // recursive
    Module& eval() { return train(false); }
    bool is_training() const { return training_; }
    void zero_grad(bool set_to_none = true);
    // module.to(dtype): floating parameters and buffers (and their .grad) change dtype in place,
    // keeping their identity (PyTorch's `param.data = param.data.to(dtype)`).
    Module& to(DType dtype);
    // module.to(device) / .cuda() / .cpu(): every parameter and buffer (and .grad) moves, keeping
    // its identity, as module.to(dtype).
    Module& to(Device device);
    // module.to(memory_format=f): every 4-d or 5-d floating parameter, buffer and .grad laid out in f
    // in place (Module._apply's convert; a 5-d tensor asked for channels_last raises ATen's error).
    Module& to(MemoryFormat format);

    // Own tables, for the VM (include None entries).
    const NamedTensors& own_parameters() const { return params_; }
    const std::vector<std::pair<std::string, ModulePtr>>& own_children() const { return children_; }
    std::vector<std::pair<std::string, Tensor>> own_buffers() const {
        std::vector<std::pair<std::string, Tensor>> out;
        for (const BufferEntry& b : buffers_) out.emplace_back(b.name, b.tensor);
        return out;
    }
    // Drops the child table: the VM's cycle collector breaks `m.add_module('me', m)` and other
    // module cycles this way once the user module's Python object is garbage.
    void release_children() { children_.clear(); }

protected:
    bool training_ = true;

private:
    struct BufferEntry {
        std::string name;
        Tensor tensor;
        bool persistent;
    };
    void check_name(const std::string& name, const char* what) const;
    void collect_state(const std::string& prefix, StateDict& out) const;
    void load_from(const StateDict& state, const std::string& prefix, std::vector<std::string>& missing,
                   std::vector<std::string>& unexpected, std::vector<std::string>& errors,
                   const std::map<std::string, std::string>& not_tensors);

    std::string type_name_;
    std::string repr_name_;
    NamedTensors params_;
    std::vector<BufferEntry> buffers_;
    std::vector<std::pair<std::string, ModulePtr>> children_;
};

// torch.nn.modules.module._addindent: indents every line but the first by `spaces`.
std::string add_indent(const std::string& s, int spaces);

// One level of a recursive walk over the module tree (repr, state_dict, load_state_dict, train),
// which PyTorch does in Python, one frame a level: a module registered inside itself, or nested
// thousands deep, ends in RecursionError as PyTorch's does under its default limit of 1000 instead
// of recursing until the C stack or the memory of ever longer key prefixes runs out.
class NestingGuard {
public:
    NestingGuard();
    ~NestingGuard();
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;
};

}  // namespace kiln::nn
