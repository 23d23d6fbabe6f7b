// Backward hooks from Python: Tensor.register_hook, grad_fn.register_hook / register_prehook, and
// the saved-tensor hooks behind torch.autograd.graph.saved_tensors_hooks.
//
// As in PyTorch, the hooks of one tensor (or one node) live in a Python OrderedDict keyed by the
// RemovableHandle's id (torch/utils/hooks.py), and one runner object per tensor or node, attached
// where the autograd engine looks (autograd/node.h: TensorHook, FunctionPreHook, FunctionPostHook),
// calls the dict's callables in insertion order when the gradient arrives. handle.remove() deletes
// the dict entry, so a removed hook is skipped by the next backward. The runners check each result
// as PyTorch's python_hook.cpp does (a tensor or None, same type and size as the gradient).
#include "autograd/node.h"
#include "bindings/convert.h"
#include "vm/args.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm::bind {

namespace {

std::string hook_name(Interpreter& in, const Value& hook) {
    if (Value n = getattr_or_null(in, hook, "__name__"); !n.is_null() && n.is(Kind::Str)) return std::string(n.get<Str>()->s);
    return "<unknown>";
}

// "torch.FloatTensor" / "torch.cuda.FloatTensor": the tensor's type as PyTorch 2.11's hook errors
// print it (the legacy type name).
std::string type_string(const Tensor& t) {
    std::string name = dtype_legacy_name(t.dtype());
    if (t.device() != Device::CPU) name.insert(std::string("torch.").size(), "cuda.");
    return name;
}

// A hook's result for one gradient: None keeps it, a tensor of the same type and size replaces it.
Tensor checked_result(Interpreter& in, const Value& hook, const Value& r, const Tensor& original) {
    if (r.is_none()) return Tensor();
    if (!original.defined()) raise(T().RuntimeError, "can't replace a None gradient with a non-None value");
    if (!is_tensor(r)) raise(T().TypeError, str("expected Variable, but hook returned '", type_name(r), "'"));
    Tensor t = to_tensor(r);
    if (t.dtype() != original.dtype() || t.device() != original.device())
        raise(T().RuntimeError, str("hook '", hook_name(in, hook), "' has changed the type of value (was ",
                                    type_string(original), " got ", type_string(t), ")"));
    if (t.sizes() != original.sizes())
        raise(T().RuntimeError, str("hook '", hook_name(in, hook), "' has changed the size of value"));
    return t;
}

// collections.OrderedDict, the class PyTorch keeps hooks in (a dict subclass in Kiln's stdlib).
Value new_ordered_dict(Interpreter& in) {
    return in.call(*in.import_module("collections")->dict.find("OrderedDict"), std::vector<Value>{});
}

// The callables of a hooks dict, copied first: a hook may add or remove hooks while they run.
std::vector<Value> hooks_of(Interpreter& in, const Value& dict) {
    return to_vector(in, in.call_method(dict, "values", {}));
}

Value gradients_tuple(const std::vector<Tensor>& gs) {
    std::vector<Value> items;
    for (const Tensor& g : gs) items.push_back(g.defined() ? wrap(g) : Value::none());
    return new_tuple(std::move(items));
}

// The tuple of gradients a node hook returns: one per slot, each checked.
std::vector<Tensor> gradients_result(Interpreter& in, const Value& hook, const Value& r,
                                     const std::vector<Tensor>& original) {
    if (!r.is(Kind::Tuple)) raise(T().TypeError, str("expected tuple, but hook returned '", type_name(r), "'"));
    const std::vector<Value>& items = r.get<Tuple>()->items;
    if (items.size() != original.size())
        raise(T().RuntimeError, str("hook '", hook_name(in, hook), "' has returned an incorrect number of values (got ",
                                    items.size(), ", but expected ", original.size(), ")"));
    // The tuple replaces the gradients wholesale: a None entry becomes no gradient.
    std::vector<Tensor> out(items.size());
    for (size_t i = 0; i < items.size(); ++i) out[i] = checked_result(in, hook, items[i], original[i]);
    return out;
}

struct PyTensorHook : autograd::TensorHook {
    Value dict;
    Tensor operator()(const Tensor& grad) override {
        Interpreter& in = current_interpreter();
        Tensor g = grad;
        for (const Value& fn : hooks_of(in, dict)) {
            Tensor r = checked_result(in, fn, in.call(fn, {wrap(g)}), g);
            if (r.defined()) g = r;
        }
        return g;
    }
};

// Tensor.register_post_accumulate_grad_hook's runner: each hook gets the leaf and must return None
// (python_hook.cpp's PyFunctionTensorPostAccGradHooks checks after calling them all). As its
// _call_hooks, a hook returning its own argument (`lambda p: p.add_(...)`) changed nothing; any other
// result is passed to the hooks after it, then refused.
struct PyPostAccGradHook : autograd::PostAccumulateGradHook {
    Value dict;
    void operator()(const Tensor& leaf) override {
        Interpreter& in = current_interpreter();
        Value arg = wrap(leaf);
        bool modified = false;
        for (const Value& fn : hooks_of(in, dict)) {
            Value r = in.call(fn, {arg});
            if (r.is_none() || (r.is_obj() && arg.is_obj() && r.obj() == arg.obj())) continue;
            arg = r;
            modified = true;
        }
        if (modified) raise(T().RuntimeError, "Tensor post accumulate grad hooks should return None.");
    }
};

// A node's hooks over the gradients `gs` (a post-hook also gets `grad_outputs`): each call sees what
// the ones before it returned; empty when none replaced anything.
std::vector<Tensor> run_node_hooks(const Value& dict, std::vector<Tensor> gs, const std::vector<Tensor>* grad_outputs) {
    Interpreter& in = current_interpreter();
    bool changed = false;
    for (const Value& fn : hooks_of(in, dict)) {
        Value r = grad_outputs ? in.call(fn, {gradients_tuple(gs), gradients_tuple(*grad_outputs)})
                               : in.call(fn, {gradients_tuple(gs)});
        if (r.is_none()) continue;
        gs = gradients_result(in, fn, r, gs);
        changed = true;
    }
    return changed ? gs : std::vector<Tensor>{};
}

struct PyPreHook : autograd::FunctionPreHook {
    Value dict;
    std::vector<Tensor> operator()(const std::vector<Tensor>& grad_outputs) override {
        return run_node_hooks(dict, grad_outputs, nullptr);
    }
};

struct PyPostHook : autograd::FunctionPostHook {
    Value dict;
    std::vector<Tensor> operator()(const std::vector<Tensor>& grad_inputs, const std::vector<Tensor>& grad_outputs) override {
        return run_node_hooks(dict, grad_inputs, &grad_outputs);
    }
};

// The hooks dict of a node's pre- or post-hook slot, made with its runner on first use.
template <typename Runner, typename Base>
Value hooks_dict(Interpreter& in, std::shared_ptr<Base>& slot) {
    if (!slot) {
        auto h = std::make_shared<Runner>();
        h->dict = new_ordered_dict(in);
        slot = h;
    }
    return static_cast<Runner*>(slot.get())->dict;
}

// RemovableHandle(dict) from torch.utils.hooks, entered into the dict under its id.
Value add_hook(Interpreter& in, const Value& dict, const Value& hook) {
    Value handle_type = *in.import_module("torch.utils.hooks")->dict.find("RemovableHandle");
    Value handle = in.call(handle_type, {dict});
    setitem(in, dict, getattr(in, handle, "id"), hook);
    return handle;
}

}  // namespace

void add_tensor_hook_methods(Type* tensor_type) {
    def_method(tensor_type, "register_hook", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("register_hook(self, hook)");
        auto v = sig.bind(a);
        const Tensor& t = to_tensor(v[0]);
        if (!t.requires_grad()) raise(T().RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
        auto runner = autograd::tensor_hooks(t, [&in]() -> std::shared_ptr<autograd::TensorHook> {
            auto h = std::make_shared<PyTensorHook>();
            h->dict = new_ordered_dict(in);
            return h;
        });
        auto* py = dynamic_cast<PyTensorHook*>(runner.get());
        if (!py) raise(T().RuntimeError, "this tensor's hooks are not Python hooks");
        return add_hook(in, py->dict, v[1]);
    });
    // torch/_tensor.py's register_post_accumulate_grad_hook: leaves only, hooks in an OrderedDict
    // (Tensor._post_accumulate_grad_hooks) keyed by RemovableHandle ids.
    def_method(tensor_type, "register_post_accumulate_grad_hook", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("register_post_accumulate_grad_hook(self, hook)");
        auto v = sig.bind(a);
        const Tensor& t = to_tensor(v[0]);
        if (!t.requires_grad()) raise(T().RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
        if (t.grad_fn()) raise(T().RuntimeError, "post accumulate grad hooks cannot be registered on non-leaf tensors");
        auto& slot = t.impl()->post_acc_grad_hooks;
        if (!slot) {
            auto h = std::make_shared<PyPostAccGradHook>();
            h->dict = new_ordered_dict(in);
            slot = h;
        }
        return add_hook(in, static_cast<PyPostAccGradHook*>(slot.get())->dict, v[1]);
    });
    def_property(tensor_type, "_post_accumulate_grad_hooks", [](Interpreter&, const CallArgs& a) {
        auto* py = static_cast<PyPostAccGradHook*>(to_tensor(a.args[0]).impl()->post_acc_grad_hooks.get());
        return py ? py->dict : Value::none();
    });
    def_property(tensor_type, "_backward_hooks", [](Interpreter&, const CallArgs& a) {
        auto* py = dynamic_cast<PyTensorHook*>(to_tensor(a.args[0]).impl()->hooks.get());
        return py ? py->dict : Value::none();
    });
}

void add_node_hook_methods(Type* node_type, std::shared_ptr<autograd::Node> (*node_of)(const Value& grad_fn)) {
    auto node_hook = [node_of](bool pre) {
        return [node_of, pre](Interpreter& in, const CallArgs& a) {
            static const Signature post_sig("register_hook(self, fn)"), pre_sig("register_prehook(self, fn)");
            auto v = (pre ? pre_sig : post_sig).bind(a);
            std::shared_ptr<autograd::Node> node = node_of(v[0]);
            if (!node) raise(T().RuntimeError, "this grad_fn no longer exists");
            Value dict = pre ? hooks_dict<PyPreHook>(in, node->pre_hooks) : hooks_dict<PyPostHook>(in, node->post_hooks);
            return add_hook(in, dict, v[1]);
        };
    };
    def_method(node_type, "register_hook", node_hook(false));
    def_method(node_type, "register_prehook", node_hook(true));
}

namespace {

// One saved tensor under Python saved-tensor hooks: the pack hook's result and the unpack hook that
// turns it back into a tensor (python_saved_variable_hooks.cpp). Both are held here, so the packed
// object lives exactly as long as the node's saved tensors.
struct PySavedPack : autograd::SavedTensorPack {
    Value packed, unpack_hook;
    Tensor unpack() const override {
        Interpreter& in = current_interpreter();
        Value r = in.call(unpack_hook, {packed});
        if (!is_tensor(r))
            raise(T().TypeError, str("Output of saved tensor unpack_hook expected to be a Tensor but got result of type ",
                                     type_name(r)));
        return to_tensor(r);
    }
};

struct PySavedHooks : autograd::SavedTensorHooks {
    Value pack_hook, unpack_hook;
    std::shared_ptr<autograd::SavedTensorPack> pack(const Tensor& t) override {
        Interpreter& in = current_interpreter();
        auto p = std::make_shared<PySavedPack>();
        p->packed = in.call(pack_hook, {wrap(t)});
        p->unpack_hook = unpack_hook;
        return p;
    }
};

}  // namespace

void add_saved_tensor_hook_functions(ModuleObj& autograd) {
    auto fn = [&autograd](const char* name, NativeFn body) { autograd.dict.set(name, new_builtin(name, std::move(body))); };
    // torch._C._autograd's functions of the same names, which torch.autograd.graph's classes call
    fn("_push_saved_tensors_default_hooks", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_push_saved_tensors_default_hooks(pack_hook, unpack_hook)");
        auto v = sig.bind(a);
        auto h = std::make_shared<PySavedHooks>();
        h->pack_hook = v[0];
        h->unpack_hook = v[1];
        autograd::push_saved_tensor_hooks(std::move(h));
        return Value::none();
    });
    fn("_pop_saved_tensors_default_hooks", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_pop_saved_tensors_default_hooks()");
        sig.bind(a);
        autograd::pop_saved_tensor_hooks();
        return Value::none();
    });
    fn("_saved_tensors_hooks_disable", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_saved_tensors_hooks_disable(error_message)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Str)) raise(T().TypeError, str("error_message must be a str, not ", type_name(v[0])));
        autograd::set_saved_tensor_hooks_disabled(std::string(v[0].get<Str>()->s));
        return Value::none();
    });
    fn("_saved_tensors_hooks_enable", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_saved_tensors_hooks_enable()");
        sig.bind(a);
        autograd::set_saved_tensor_hooks_disabled(std::nullopt);
        return Value::none();
    });
    fn("_saved_tensors_hooks_is_enabled", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_saved_tensors_hooks_is_enabled()");
        sig.bind(a);
        return Value::boolean(!autograd::saved_tensor_hooks_disabled().has_value());
    });
    fn("_saved_tensors_hooks_get_disabled_error_message", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_saved_tensors_hooks_get_disabled_error_message()");
        sig.bind(a);
        const auto& m = autograd::saved_tensor_hooks_disabled();
        return m ? new_str(*m) : Value::none();
    });
}

}  // namespace kiln::vm::bind
