// Python subclasses of torch.Tensor and nn.Parameter: how their instances are made.
//
// An instance of `class MyTensor(torch.Tensor)` is a TensorObj whose type is MyTensor, over its own
// TensorImpl (so the plain tensor it was made from keeps its own identity), with the instance
// attribute dict every TensorObj has. PyTorch makes them in four ways, all here:
//   - `MyTensor(data)` / `super().__new__(cls, data)`: Tensor.__new__, the legacy constructor
//     (torch.Tensor(...)'s rules) whose result becomes a cls instance; a tensor argument is aliased
//     (legacy new_with_tensor's other.alias());
//   - `torch.Tensor._make_subclass(cls, data, require_grad=False)`: data.detach() as a cls instance,
//     requires_grad set (nn.Parameter's own construction);
//   - `t.as_subclass(cls)`: t.alias() as a cls instance, still attached to t's graph (AliasBackward0);
//   - `nn.Parameter.__new__(cls, data=None, requires_grad=True)` for Parameter subclasses.
// How subclass instances behave in torch functions and Tensor methods (__torch_function__, the
// default re-wrap into the subclass) is fx.cpp's; the repr ("MyTensor([1., 2.])") is tensor.cpp's.
//
//   - `torch.Tensor._make_wrapper_subclass(cls, size, strides=..., dtype=..., device=...)`: an instance
//     whose operator calls all go to cls.__torch_dispatch__ (torch_dispatch.cpp).
// Left out: a subclass instance that only C++ still holds (a layer's parameter whose Python object
// died) coming back as a plain tensor, where PyTorch's PyObject preservation keeps the subclass.
#include "bindings/convert.h"
#include "bindings/torch_function.h"
#include "nn/module.h"
#include "ops/alias.h"
#include "ops/ops.h"
#include "vm/args.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm::bind {

namespace {

Type* g_tensor_cls = nullptr;

// THPVariable's check of a `cls` argument (as_subclass, _make_subclass).
Type* subclass_arg(const Value& cls) {
    auto* t = cls.as<Type>();
    if (!t) raise(T().TypeError, str("cls must be a type (got ", type_name(cls), ")"));
    if (!t->is_subtype_of(g_tensor_cls))  // THPVariable_NewWithVar's TORCH_CHECK: a RuntimeError
        raise(T().RuntimeError, "Creating a Tensor subclass from a class that does not inherit from Tensor is not possible. "
                             "Make sure your class inherits from Tensor.");
    return t;
}

// A new Python object of type cls over `t` (its own impl); a Parameter subclass marks it a parameter,
// as Parameter.__new__'s _make_subclass result is one to nn.Module.
Value new_instance(Tensor t, Type* cls) {
    if (cls->is_subtype_of(T().parameter)) t.impl()->is_parameter = true;
    if (cls->lookup("__torch_dispatch__")) enable_torch_dispatch_routing();
    return Value(make<TensorObj>(cls, std::move(t)).get());
}

// Tensor.__new__(cls, *args, **kwargs): torch.Tensor(*args) as a cls instance.
Value tensor_new(Interpreter& in, Type* cls, const CallArgs& rest) {
    if (!cls->is_subtype_of(g_tensor_cls))
        raise(T().TypeError, str("Tensor.__new__(", cls->name, "): ", cls->name, " is not a subtype of Tensor"));
    Value plain = g_tensor_cls->construct(in, rest);
    if (cls == g_tensor_cls) return plain;
    const Tensor& t = to_tensor(plain);
    bool given = false;  // Tensor(t) returned t itself: the instance aliases it
    for (size_t i = 0; i < rest.nargs; ++i) given = given || rest.args[i].identical(plain);
    return new_instance(given ? alias(t) : t, cls);
}

Value parameter_new(Interpreter& in, Type* cls, const CallArgs& rest) {
    static const Signature sig("Parameter(data=None, requires_grad=True)");
    if (cls == T().parameter) return T().parameter->construct(in, rest);
    subclass_arg(Value(cls));
    auto v = sig.bind(rest);
    if (!v[0].is_none() && !v[0].is(Kind::Tensor))
        raise(T().AttributeError, str("'", type_name(v[0]), "' object has no attribute 'detach'"));
    Tensor data = v[0].is_none() ? to_tensor(g_tensor_cls->construct(in, CallArgs{})) : to_tensor(v[0]);
    Tensor t = data.detach();
    t.requires_grad_(to_bool(v[1], "Parameter", "requires_grad"));
    return new_instance(std::move(t), cls);
}

Value make_wrapper_subclass(const std::vector<Value>& v) {
    Type* cls = subclass_arg(v[0]);
    Shape sizes = to_shape(v[1], "_make_wrapper_subclass");
    TensorOptions opts;
    opts.dtype = is_none(v[5]) ? default_float_dtype() : to_dtype(v[5], "_make_wrapper_subclass");
    opts.device = is_none(v[7]) ? default_device() : to_device(v[7], "_make_wrapper_subclass");
    Tensor t;
    if (is_none(v[2])) {
        t = zeros(sizes, opts);
    } else {
        Shape strides = to_shape(v[2], "_make_wrapper_subclass", "strides");
        int64_t offset = is_none(v[3]) ? 0 : to_int(v[3], "storage_offset");
        int64_t extent = offset + 1;  // the storage the layout spans
        for (size_t i = 0; i < sizes.size() && i < strides.size(); ++i) {
            if (sizes[i] == 0) extent = offset;
            extent += (sizes[i] - 1) * strides[i];
        }
        t = as_strided(zeros({std::max<int64_t>(extent, 0)}, opts), sizes, strides, offset);
    }
    t.requires_grad_(to_bool(v[9], "_make_wrapper_subclass", "requires_grad"));
    return new_instance(std::move(t), cls);
}

}  // namespace

Value tensor_as_subclass(const Tensor& t, Type* cls) { return new_instance(alias(t), cls); }

void register_tensor_subclassing(Type* tensor, ModuleObj& torch) {
    (void)torch;
    if (g_tensor_cls) return;  // the types are process-wide: once
    g_tensor_cls = tensor;
    // object.__new__(cls) for a class deriving from Tensor reaches this (and makes Tensor subclassable).
    tensor->allocate = [](Interpreter& in, Type* cls, const CallArgs& a) { return tensor_new(in, cls, a); };
    tensor->dict.set("__new__", Value(immortal<StaticMethod>(Value(immortal<Builtin>(
                                    "__new__",
                                    [](Interpreter& in, const CallArgs& a) {
                                        if (a.nargs < 1 || !a.args[0].is(Kind::Type))
                                            raise(T().TypeError, "Tensor.__new__(X): X is not a type object");
                                        CallArgs rest{a.args + 1, a.nargs - 1, a.kwvalues, a.nkw, a.kwnames};
                                        return tensor_new(in, a.args[0].get<Type>(), rest);
                                    },
                                    "Tensor.__new__")))));
    tensor->dict.set("_make_subclass", Value(immortal<StaticMethod>(Value(immortal<Builtin>(
                                          "_make_subclass",
                                          [](Interpreter&, const CallArgs& a) {
                                              static const Signature sig(
                                                  "_make_subclass(cls, data, require_grad=False, dispatch_sizes_strides_policy=None, "
                                                  "dispatch_device=False, dispatch_layout=False)");
                                              auto v = sig.bind(a);
                                              Type* cls = subclass_arg(v[0]);
                                              Tensor t = to_tensor(v[1], "_make_subclass", "data").detach();
                                              t.requires_grad_(to_bool(v[2], "_make_subclass", "require_grad"));
                                              return new_instance(std::move(t), cls);
                                          },
                                          "Tensor._make_subclass")))));
    // Tensor._make_wrapper_subclass(cls, size, strides=None, ...): a cls instance with the given
    // metadata whose data no op reads: every operator call on it goes to cls.__torch_dispatch__
    // (torch_dispatch.cpp), which computes with what the instance wraps. PyTorch's has no storage;
    // Kiln's holds a zero-filled one of the layout's extent, so that metadata queries (shape, stride,
    // dtype, device) answer from it as they do for any tensor.
    tensor->dict.set("_make_wrapper_subclass", Value(immortal<StaticMethod>(Value(immortal<Builtin>(
                                                   "_make_wrapper_subclass",
                                                   [](Interpreter&, const CallArgs& a) {
                                                       static const Signature sig(
                                                           "_make_wrapper_subclass(cls, size, strides=None, storage_offset=None, "
                                                           "memory_format=None, dtype=None, layout=None, device=None, "
                                                           "pin_memory=False, requires_grad=False, dispatch_sizes_strides_policy=None, "
                                                           "dispatch_device=False, dispatch_layout=False, _extra_dispatch_keys=None, "
                                                           "storage_size=None)");
                                                       auto v = sig.bind(a);
                                                       return make_wrapper_subclass(v);
                                                   },
                                                   "Tensor._make_wrapper_subclass")))));
    def_method(tensor, "as_subclass", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("as_subclass(self, cls)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Tensor)) raise(T().TypeError, "descriptor 'as_subclass' requires a 'torch._C.TensorBase' object");
        return tensor_as_subclass(to_tensor(v[0]), subclass_arg(v[1]));
    });
    // Parameter.__new__(cls, data=None, requires_grad=True) for subclasses (nn.Parameter(...) itself is
    // tensor.cpp's constructor): torch.Tensor._make_subclass(cls, data, requires_grad).
    T().parameter->allocate = [](Interpreter& in, Type* cls, const CallArgs& a) { return parameter_new(in, cls, a); };
    T().parameter->dict.set("__new__", Value(immortal<StaticMethod>(Value(immortal<Builtin>(
                                           "__new__",
                                           [](Interpreter& in, const CallArgs& a) {
                                               if (a.nargs < 1 || !a.args[0].is(Kind::Type))
                                                   raise(T().TypeError, "Parameter.__new__(X): X is not a type object");
                                               CallArgs rest{a.args + 1, a.nargs - 1, a.kwvalues, a.nkw, a.kwnames};
                                               return parameter_new(in, a.args[0].get<Type>(), rest);
                                           },
                                           "Parameter.__new__")))));
}

}  // namespace kiln::vm::bind
