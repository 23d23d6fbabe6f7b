// PyTorch's __torch_function__ protocol and tensor subclasses, shared by fx.cpp (the protocol on torch
// functions, Tensor methods and native layers) and tensor_subclass.cpp (making subclass instances).
// Only those two and their callers include it, so the rest of the bindings do not rebuild with it.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "nn/init.h"
#include "tensor/tensor.h"
#include "vm/types.h"

namespace kiln::vm::bind {

// PyTorch's overloaded arguments (torch/overrides.py _get_overloaded_args), for __torch_function__
// (fx.cpp) and __torch_dispatch__ (torch_dispatch.cpp) alike: one argument per overriding type, in
// argument order, except that a subclass goes before the argument of any parent type.
struct Overloaded {
    std::vector<Type*> types;
    std::vector<Value> args;
    bool empty() const { return types.empty(); }
    void add(Type* t, const Value& arg) {
        if (!t || std::find(types.begin(), types.end(), t) != types.end()) return;
        size_t at = types.size();
        for (size_t i = 0; i < types.size(); ++i)
            if (t->is_subtype_of(types[i])) {
                at = i;
                break;
            }
        types.insert(types.begin() + std::ptrdiff_t(at), t);
        args.insert(args.begin() + std::ptrdiff_t(at), arg);
    }
};

// torch._C._is_torch_function_enabled(): false inside DisableTorchFunctionSubclass /
// DisableTorchFunction (both turn off every argument's __torch_function__, as PyTorch's
// torch_function_enabled state does).
bool torch_function_enabled();
// A TorchFunctionMode is on the stack and torch functions are enabled.
bool torch_function_mode_active();
// nn.cpp: the hooks a built-in layer is constructed under while a mode is active (nn/init.h), else
// nullptr; torch.nn.init's dispatching initialisers (installed on the module nn.cpp makes).
std::unique_ptr<nn::init::ConstructionHooks> mode_construction_hooks(Interpreter& in);
void install_init_torch_function(ModuleObj& init);

// Whether `type` (a subclass of torch.Tensor or any class) overrides torch functions: it defines
// __torch_function__ and that is not torch._C._disabled_torch_function_impl (nn.Parameter's). Exact
// torch.Tensor never does (PyTorch's THPVariable_CheckExact shortcut).
bool overrides_torch_function(Type* type);

// Tensor.as_subclass's object: an alias of `t` (AliasBackward0 when it needs grad) as an instance of cls.
Value tensor_as_subclass(const Tensor& t, Type* cls);

// fx.cpp: PyTorch's default Tensor.__torch_function__ and the Tensor methods' dispatch (after every
// Tensor method is defined); tensor_subclass.cpp: construction (__new__, _make_subclass, as_subclass),
// the subclass repr, torch._C's switches.
void install_tensor_torch_function(Type* tensor, ModuleObj& torch);
void register_tensor_subclassing(Type* tensor, ModuleObj& torch);

// A mode stack's four torch._C-style builtins, PREFIX_push / _pop / _len / _at (the
// TorchFunctionMode stack, fx.cpp, and the TorchDispatchMode stack, torch_dispatch.cpp: PyTorch's
// _push_on_torch_*_stack, _pop_torch_*_mode, _len_torch_*_stack, _get_*_stack_at). `on_push`, if
// given, runs after each push. Defined in torch_dispatch.cpp.
void install_mode_stack_builtins(ModuleObj& torch, const std::string& prefix, std::vector<Value>& (*stack)(),
                                 void (*on_push)() = nullptr);

// torch_dispatch.cpp: routes binding calls to __torch_dispatch__ from now on (a class defining it
// made an instance); install_torch_dispatch adds the mode stack and the OpOverload entry to torch.
void enable_torch_dispatch_routing();
void install_torch_dispatch(ModuleObj& torch);
// Whether a call with these arguments would reach __torch_dispatch__: a TorchDispatchMode is active
// or an argument is an instance of a class defining it (nn.cpp then runs a built-in layer as its
// functional form, whose aten calls the handlers see as PyTorch's Python layers make them).
bool torch_dispatch_pending(const Value* args, size_t n);

// tensor.cpp: whether Tensor.<name> is a binary operator whose TypeError becomes NotImplemented
// (PyTorch's TypeError_to_NotImplemented_: every binary dunder but __pow__ and __ipow__), and `fn`
// so wrapped. fx.cpp wraps the operators' __torch_function__ dispatch too, so handlers that all
// return NotImplemented end in Python's "unsupported operand type(s)".
bool operator_wraps_type_error(const std::string& name);
NativeFn type_error_to_not_implemented(NativeFn fn);

}  // namespace kiln::vm::bind
