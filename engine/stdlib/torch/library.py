# torch.library: custom operators defined from Python, callable as torch.ops.<ns>.<name>.
#
# Two spellings, as in PyTorch's tutorials:
#   lib = torch.library.Library("mylib", "DEF"); lib.define("foo(Tensor x, float a=1.0) -> Tensor")
#   lib.impl("foo", kernel, "CPU")                  (or torch.library.define / @torch.library.impl)
# and the decorator
#   @torch.library.custom_op("mylib::foo", mutates_args=())
#   def foo(x: torch.Tensor, a: float = 1.0) -> torch.Tensor: ...
#   foo.register_fake(...); foo.register_autograd(backward, setup_context=setup_context)
# whose schema is inferred from the annotations as torch._library.infer_schema does
# ("(Tensor x, float a=1.0) -> Tensor").
#
# Each operator is a _CustomOperator in torch._ops._CUSTOM: its schema (torch._ops.FunctionSchema),
# kernels by dispatch key, and an optional autograd formula. A call binds the arguments to the
# schema, picks the kernel for the inputs' device (CUDA when any tensor is on CUDA, else CPU; then
# CompositeExplicitAutograd, CompositeImplicitAutograd), and runs it. With an autograd formula and an
# input that requires grad the call is a torch.autograd.Function whose forward runs the kernel
# without grad recording and calls setup_context(ctx, inputs, output), and whose backward is the
# registered function; without one, CompositeImplicitAutograd kernels record the ops they call, and
# other kernels run below autograd (no grad_fn), as PyTorch's custom ops do. Fake/meta kernels are
# kept (register_fake) but Kiln traces by running the real kernel.
import inspect

import torch
import torch._ops as _ops

__all__ = ["Library", "define", "impl", "custom_op", "register_fake", "register_autograd", "register_kernel",
           "CustomOpDef", "infer_schema"]

_reserved_namespaces = ["prim"]
_DEVICE_KEYS = {"cpu": "CPU", "cuda": "CUDA", "meta": "Meta", "default": "CompositeExplicitAutograd"}


class _CustomOperator:
    def __init__(self, qualified, overload, schema, lib):
        self.qualified = qualified
        self.overload = overload
        self.schema = schema
        self.lib = lib
        self.kernels = {}
        self.fake = None
        self.backward = None
        self.setup_context = None

    def name(self):
        return self.qualified + ("." + self.overload if self.overload else "")

    def bind(self, args, kwargs):
        # Python values in schema order, as PyTorch's schema matcher binds them.
        fname = self.qualified.split("::", 1)[1]
        positional = [a for a in self.schema.arguments if not a.kwarg_only]
        if len(args) > len(positional):
            raise TypeError(f"{fname}() expected at most {len(positional)} argument(s) but received {len(args)} "
                            f"argument(s). Declaration: {self.schema}")
        bound = []
        used = 0
        for i, a in enumerate(self.schema.arguments):
            if not a.kwarg_only and i < len(args):
                bound.append(args[i])
            elif a.name in kwargs:
                bound.append(kwargs[a.name])
                used += 1
            elif a.has_default_value():
                bound.append(a.default_value)
            else:
                raise TypeError(f"{fname}() is missing value for argument '{a.name}'. Declaration: {self.schema}")
            v = bound[-1]
            base = a.type.rstrip("?")
            if base.startswith("Tensor") and "[]" not in base and not (a.type.endswith("?") and v is None):
                if not isinstance(v, torch.Tensor):
                    raise TypeError(f"{fname}() Expected a value of type '{a.type}' for argument '{a.name}' but "
                                    f"instead found type '{type(v).__name__}'.\nPosition: {i}\nDeclaration: "
                                    f"{self.schema}")
        if used != len(kwargs):
            names = {a.name for a in self.schema.arguments}
            for k in kwargs:
                if k not in names:
                    raise TypeError(f"{fname}() got an unexpected keyword argument '{k}'")
        return bound

    def _call_kernel(self, fn, bound):
        # As PyTorch's dispatcher hands a stack to a Python kernel (parseIValuesToPyArgsKwargs): trailing
        # positional arguments equal to their schema defaults are left out, and so are keyword-only ones,
        # so a kernel without those defaults of its own raises Python's missing-argument TypeError.
        pos, kw, pos_args = [], {}, []
        for a, v in zip(self.schema.arguments, bound):
            if a.kwarg_only:
                if not _equals_default(a, v):
                    kw[a.name] = v
            else:
                pos.append(v)
                pos_args.append(a)
        while pos and _equals_default(pos_args[len(pos) - 1], pos[-1]):
            pos.pop()
        return fn(*pos, **kw)

    def _kernel_for(self, bound):
        device = "CPU"
        for v in bound:
            ts = v if isinstance(v, (list, tuple)) else [v]
            for t in ts:
                if isinstance(t, torch.Tensor) and t.is_cuda:
                    device = "CUDA"
        for key in (device, "CompositeExplicitAutograd", "CompositeImplicitAutograd"):
            if key in self.kernels:
                return key, self.kernels[key]
        raise NotImplementedError(
            f"Could not run '{self.name()}' with arguments from the '{device}' backend. This could be because the "
            f"operator doesn't exist for this backend, or was omitted during the selective/custom build process (if "
            f"using custom build).")

    def run(self, bound):
        key, fn = self._kernel_for(bound)
        needs_grad = torch.is_grad_enabled() and any(
            isinstance(t, torch.Tensor) and t.requires_grad
            for v in bound for t in (v if isinstance(v, (list, tuple)) else [v]))
        if "Autograd" in self.kernels and needs_grad:
            return self._call_kernel(self.kernels["Autograd"], bound)
        if self.backward is not None and needs_grad:
            return _autograd_call(self, fn, bound)
        if key == "CompositeImplicitAutograd":
            return self._call_kernel(fn, bound)
        with torch.no_grad():
            return self._call_kernel(fn, bound)


def _equals_default(a, v):
    if not a.has_default_value() or isinstance(v, torch.Tensor):
        return False
    d = a.default_value
    if v is None or d is None:
        return v is None and d is None
    try:
        return bool(type(v) is type(d) and v == d)
    except Exception:
        return False


def _autograd_call(op, fn, bound):
    tensor_slots = [i for i, v in enumerate(bound) if isinstance(v, torch.Tensor)]

    class _CustomOpFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, *tensors):
            values = list(bound)
            for i, t in zip(tensor_slots, tensors):
                values[i] = t
            with torch.no_grad():
                out = op._call_kernel(fn, values)
            if op.setup_context is not None:
                op.setup_context(ctx, tuple(values), out)
            return out

        @staticmethod
        def backward(ctx, *grads):
            res = op.backward(ctx, *grads)
            if not isinstance(res, tuple):
                res = (res,)
            n_inputs = len(op.schema.arguments)
            if len(res) != n_inputs:
                raise RuntimeError(f"torch.library.register_autograd: the backward formula for {op.name()} returned "
                                   f"{len(res)} gradients, but the operator has {n_inputs} inputs")
            return tuple(res[i] for i in tensor_slots)

    _CustomOpFunction.__name__ = op.qualified.split("::", 1)[1]
    return _CustomOpFunction.apply(*[bound[i] for i in tensor_slots])


def _split_qualname(qualname):
    if "::" not in qualname:
        raise ValueError(f"Expected `qualname` to be of the form \"namespace::name\", but got {qualname}. The "
                         f"qualname passed to the torch.library APIs must be of this form.")
    ns, name = qualname.split("::", 1)
    return ns, name


def _register(ns, schema_text, lib):
    schema = _ops.FunctionSchema(schema_text if "::" in schema_text.split("(", 1)[0] else f"{ns}::{schema_text}")
    qualified = schema.name
    overloads = _ops._CUSTOM.setdefault(qualified, {})
    if schema.overload_name in overloads or torch._kiln_op_overloads(qualified):
        raise RuntimeError(f"Tried to register an operator ({schema}) with the same name and overload name multiple "
                           f"times. Each overload's schema should only be registered with a single call to def().")
    op = _CustomOperator(qualified, schema.overload_name, schema, lib)
    overloads[schema.overload_name] = op
    _ops._forget(qualified)
    return op


def _find(qualified_with_overload):
    name, _, overload = qualified_with_overload.partition(".")
    ops = _ops._CUSTOM.get(name)
    if ops is None or overload not in ops:
        raise RuntimeError(f"operator {qualified_with_overload} does not exist")
    return ops[overload]


def _key_of(dispatch_key):
    if dispatch_key in ("", None):
        return "CompositeImplicitAutograd"
    k = _DEVICE_KEYS.get(dispatch_key, dispatch_key)
    if k in ("AutogradCPU", "AutogradCUDA"):
        return "Autograd"
    return k


class Library:
    def __init__(self, ns, kind, dispatch_key=""):
        if kind not in ("IMPL", "DEF", "FRAGMENT"):
            raise ValueError("Unsupported kind: ", kind)
        if ns in _reserved_namespaces and kind in ("DEF", "FRAGMENT"):
            raise ValueError(ns, " is a reserved namespace. Please try creating a library with another name.")
        self.ns = ns
        self.kind = kind
        self.dispatch_key = dispatch_key
        self._op_defs = set()
        self._op_impls = set()

    def __repr__(self):
        return f"Library(kind={self.kind}, ns={self.ns}, dispatch_key={self.dispatch_key})>"

    def define(self, schema, alias_analysis="", *, tags=()):
        if alias_analysis not in ("", "FROM_SCHEMA", "CONSERVATIVE"):
            raise RuntimeError(f"Invalid alias_analysis type {alias_analysis}")
        op = _register(self.ns, schema, self)
        self._op_defs.add(op.name())
        return op.schema.name.split("::", 1)[1] + ("." + op.overload if op.overload else "")

    def impl(self, op_name, fn, dispatch_key="", *, with_keyset=False, allow_override=False):
        if not callable(fn):
            raise TypeError(f"Input function is required to be a callable but found type {type(fn)}")
        if isinstance(op_name, _ops.OpOverload):
            qualified = op_name._name
        elif isinstance(op_name, str):
            qualified = op_name if "::" in op_name else f"{self.ns}::{op_name}"
        else:
            raise RuntimeError("impl should be passed either a name or an OpOverload object as the first argument")
        op = _find(qualified)
        key = _key_of(dispatch_key if dispatch_key else self.dispatch_key)
        op.kernels[key] = fn
        self._op_impls.add(f"{qualified}/{key}")

    def _destroy(self):
        for name in self._op_defs:
            qualified, _, overload = name.partition(".")
            ops = _ops._CUSTOM.get(qualified)
            if ops is not None:
                ops.pop(overload, None)
                if not ops:
                    del _ops._CUSTOM[qualified]
                _ops._forget(qualified)
        self._op_defs = set()


_libraries = {}


def _lib_for(ns):
    lib = _libraries.get(ns)
    if lib is None:
        lib = Library(ns, "FRAGMENT")
        _libraries[ns] = lib
    return lib


def define(qualname, schema, *, lib=None, tags=()):
    ns, name = _split_qualname(qualname)
    if lib is None:
        lib = _lib_for(ns)
    lib.define(name + schema, tags=tags)


def impl(qualname, types, func=None, *, lib=None):
    if isinstance(types, str):
        types = (types,)
    keys = set()
    for t in types:
        keys.add(_DEVICE_KEYS.get(t, t))

    def register(fn):
        name = qualname._name if isinstance(qualname, _ops.OpOverload) else qualname
        op = _find(name)
        for k in keys:
            op.kernels[k] = fn
        return fn

    if func is None:
        return register
    return register(func)


# ---- schema inference (torch._library.infer_schema) ------------------------------------------------

def _type_text(ann, name, fn_name, mutated):
    import typing
    if ann is torch.Tensor:
        return "Tensor(a!)" if mutated else "Tensor"
    if ann is int:
        return "SymInt"
    if ann is float:
        return "float"
    if ann is bool:
        return "bool"
    if ann is str:
        return "str"
    if ann is torch.dtype:
        return "ScalarType"
    if ann is torch.device:
        return "Device"
    origin = getattr(ann, "__origin__", None)
    args = getattr(ann, "__args__", ())
    if origin is typing.Union and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        return _type_text(inner, name, fn_name, mutated) + "?"
    if origin in (list, typing.List) or repr(origin) in ("<class 'collections.abc.Sequence'>",):
        if args:
            return _type_text(args[0], name, fn_name, False) + "[]"
    raise ValueError(f"infer_schema(func): Parameter {name} has unsupported type {ann}.")


def _default_text(v):
    if v is None:
        return "None"
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, float):
        return _ops._double_text(v)
    if isinstance(v, int):
        return repr(v)
    if isinstance(v, str):
        return f'"{v}"'
    raise ValueError(f"infer_schema(func): Parameter has an unsupported default value {v}.")


def _return_text(ann):
    import typing
    if ann is None or ann is type(None):
        return "()"
    if ann is torch.Tensor:
        return "Tensor"
    origin = getattr(ann, "__origin__", None)
    if origin in (tuple, typing.Tuple):
        return "(" + ", ".join(_return_text(a) for a in ann.__args__) + ")"
    if origin in (list, typing.List):
        return "Tensor[]"
    if ann is int:
        return "SymInt"
    if ann is float:
        return "float"
    if ann is bool:
        return "bool"
    raise ValueError(f"infer_schema(func): Return has unsupported type {ann}.")


def infer_schema(prototype_function, /, *, mutates_args, op_name=None):
    sig = inspect.signature(prototype_function)
    if isinstance(mutates_args, str):
        mutated = set() if mutates_args == "unknown" else {mutates_args}
    else:
        mutated = set(mutates_args)
    params = []
    seen_kwonly = False
    for idx, p in enumerate(sig.parameters.values()):
        if p.annotation is inspect.Parameter.empty:
            raise ValueError(f"infer_schema(func): Parameter {p.name} must have a type annotation. Got func with "
                             f"signature {sig})")
        if p.kind == inspect.Parameter.KEYWORD_ONLY and not seen_kwonly:
            params.append("*")
            seen_kwonly = True
        t = _type_text(p.annotation, p.name, prototype_function.__name__, p.name in mutated)
        if "(a!)" in t:
            # torch._library.infer_schema names a mutated argument's alias set by its position: Tensor(a1!)
            t = t.replace("(a!)", f"(a{idx}!)")
        text = f"{t} {p.name}"
        if p.default is not inspect.Parameter.empty:
            text += "=" + _default_text(p.default)
        params.append(text)
    for m in mutated:
        if m not in sig.parameters:
            raise ValueError(f"infer_schema(func): {m} in mutates_args were not found in the custom op's signature. "
                             f"mutates_args should contain the names of all args that the custom op mutates.")
    ret = sig.return_annotation
    if ret is inspect.Signature.empty:
        raise ValueError(f"infer_schema(func): No return type annotation was provided. Please add one.")
    return f"({', '.join(params)}) -> {_return_text(ret)}"


class CustomOpDef:
    def __init__(self, namespace, name, schema, fn):
        self._namespace = namespace
        self._name = name
        self._schema = schema
        self._init_fn = fn
        self.__name__ = name
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__module__ = getattr(fn, "__module__", None)
        self._lib = _lib_for(namespace)
        self._op = _register(namespace, name + schema, self._lib)
        self._op.kernels["CompositeExplicitAutograd"] = fn

    def __repr__(self):
        return f"<CustomOpDef({self._namespace}::{self._name})>"

    @property
    def _qualname(self):
        return f"{self._namespace}::{self._name}"

    @property
    def _opoverload(self):
        return getattr(getattr(torch.ops, self._namespace), self._name).default

    def __call__(self, *args, **kwargs):
        return self._opoverload(*args, **kwargs)

    def register_kernel(self, device_types, fn=None, /):
        if isinstance(device_types, str) or device_types is None:
            device_types = (device_types,)

        def inner(f):
            for d in device_types:
                self._op.kernels[_DEVICE_KEYS.get(d, "CompositeExplicitAutograd") if d else
                                 "CompositeExplicitAutograd"] = f
            return f

        if fn is None:
            return inner
        return inner(fn)

    def register_fake(self, fn, /):
        self._op.fake = fn
        return fn

    def register_autograd(self, backward, /, *, setup_context=None):
        self._op.backward = backward
        self._op.setup_context = setup_context


def custom_op(name, fn=None, /, *, mutates_args, device_types=None, schema=None, tags=None):
    def inner(f):
        ns, opname = _split_qualname(name)
        sch = schema if schema is not None else infer_schema(f, mutates_args=mutates_args)
        result = CustomOpDef(ns, opname, sch, f)
        if device_types is not None:
            result._op.kernels.pop("CompositeExplicitAutograd", None)
            result.register_kernel(device_types, f)
        return result

    if fn is None:
        return inner
    return inner(fn)


def _op_of(op):
    if isinstance(op, CustomOpDef):
        return op._op
    if isinstance(op, _ops.OpOverload):
        return _find(op._name)
    if isinstance(op, str):
        return _find(op)
    raise ValueError(f"register: expected a string, OpOverload or CustomOpDef, got {type(op).__name__}")


def register_fake(op, func=None, /, *, lib=None, _stacklevel=1):
    def inner(f):
        _op_of(op).fake = f
        return f

    if func is None:
        return inner
    return inner(func)


def register_autograd(op, backward, /, *, setup_context=None, lib=None):
    target = _op_of(op)
    target.backward = backward
    target.setup_context = setup_context


def register_kernel(op, device_types, func=None, /, *, lib=None):
    if isinstance(device_types, str) or device_types is None:
        device_types = (device_types,)
    target = _op_of(op)

    def inner(f):
        for d in device_types:
            target.kernels[_DEVICE_KEYS.get(d, "CompositeExplicitAutograd") if d else "CompositeExplicitAutograd"] = f
        return f

    if func is None:
        return inner
    return inner(func)

