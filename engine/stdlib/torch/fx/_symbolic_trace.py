# torch.fx._symbolic_trace: Tracer (subclassable: is_leaf_module, call_module, create_proxy,
# create_node, create_arg, getattr, path_of_module, trace), symbolic_trace(root, concrete_args=)
# and wrap, with PyTorch 2.11's graphs, names and errors.
#
# PyTorch patches nn.Module.__call__ and __getattr__ while it traces; Kiln's nn.Module is native, so
# the Tracer installs the same two wrappers as hooks (torch.fx._kiln.set_hooks, engine/bindings/fx.cpp)
# for the duration of trace(). Kiln's built-in layers have native forwards: to trace into one (a
# custom is_leaf_module, or a layer as the root), the Tracer runs the Python forward PyTorch's layer
# has (_layer_forwards below; the same facts Dynamo's translator inlines for these layers).
# Kiln leaves out: autowrap of math functions, pytree inputs/outputs
# (concrete_args must map names to plain values), and ScriptModules.
import inspect

import torch
import torch.nn.functional as F
from torch import Tensor
from torch.fx import _kiln
from torch.fx.graph import Graph
from torch.fx.node import Node, map_aggregate
from torch.fx.proxy import TracerBase, Proxy, ParameterProxy, Scope, ScopeContextManager, TraceError

__all__ = ["Tracer", "symbolic_trace", "wrap", "PH", "is_fx_tracing"]

_is_fx_tracing_flag = False


def is_fx_tracing():
    return _is_fx_tracing_flag


class PHBase:
    def __repr__(self):
        return "PH"


PH = PHBase()


def _typename(o):
    if isinstance(o, torch.Tensor):
        return o.type()
    module = ""
    class_name = ""
    if hasattr(o, "__module__") and o.__module__ != "builtins" and o.__module__ != "__builtin__" and o.__module__ is not None:
        module = o.__module__ + "."
    if hasattr(o, "__qualname__"):
        class_name = o.__qualname__
    elif hasattr(o, "__name__"):
        class_name = o.__name__
    else:
        class_name = o.__class__.__name__
    return module + class_name


# The forwards of PyTorch 2.11's layers, for Kiln's native layers (what tracing *into* one records).
# Annotated as PyTorch annotates them: the generated code prints `input : torch.Tensor) -> torch.Tensor`.
def _fwd_relu(self, input: Tensor) -> Tensor:
    return F.relu(input, inplace=self.inplace)


def _fwd_leaky_relu(self, input: Tensor) -> Tensor:
    return F.leaky_relu(input, self.negative_slope, self.inplace)


def _fwd_prelu(self, input: Tensor) -> Tensor:
    return F.prelu(input, self.weight)


def _fwd_linear(self, input: Tensor) -> Tensor:
    return F.linear(input, self.weight, self.bias)


def _fwd_sigmoid(self, input: Tensor) -> Tensor:
    return torch.sigmoid(input)


def _fwd_tanh(self, input: Tensor) -> Tensor:
    return torch.tanh(input)


def _fwd_gelu(self, input: Tensor) -> Tensor:
    return F.gelu(input, approximate=self.approximate)


def _fwd_silu(self, input: Tensor) -> Tensor:
    return F.silu(input, inplace=self.inplace)


def _fwd_elu(self, input: Tensor) -> Tensor:
    return F.elu(input, self.alpha, self.inplace)


def _fwd_softmax(self, input: Tensor) -> Tensor:
    return F.softmax(input, self.dim, _stacklevel=5)


def _fwd_log_softmax(self, input: Tensor) -> Tensor:
    return F.log_softmax(input, self.dim, _stacklevel=5)


def _fwd_identity(self, input: Tensor) -> Tensor:
    return input


def _fwd_flatten(self, input: Tensor) -> Tensor:
    return input.flatten(self.start_dim, self.end_dim)


def _fwd_dropout(self, input: Tensor) -> Tensor:
    return F.dropout(input, self.p, self.training, self.inplace)


def _fwd_conv(self, input: Tensor) -> Tensor:
    if self.padding_mode != "zeros":
        raise NotImplementedError("Kiln's torch.fx traces convolutions with padding_mode='zeros' only")
    fn = F.conv1d if isinstance(self, torch.nn.Conv1d) else F.conv2d
    return fn(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


def _fwd_layer_norm(self, input: Tensor) -> Tensor:
    return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)


def _fwd_embedding(self, input: Tensor) -> Tensor:
    return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                       self.scale_grad_by_freq, self.sparse)


def _fwd_sequential(self, input):
    for module in self:
        input = module(input)
    return input


_layer_forwards = {
    "ReLU": _fwd_relu, "LeakyReLU": _fwd_leaky_relu, "PReLU": _fwd_prelu, "Linear": _fwd_linear,
    "Sigmoid": _fwd_sigmoid, "Tanh": _fwd_tanh, "GELU": _fwd_gelu, "SiLU": _fwd_silu, "ELU": _fwd_elu,
    "Softmax": _fwd_softmax, "LogSoftmax": _fwd_log_softmax, "Identity": _fwd_identity, "Flatten": _fwd_flatten,
    "Dropout": _fwd_dropout, "Conv1d": _fwd_conv, "Conv2d": _fwd_conv, "LayerNorm": _fwd_layer_norm,
    "Embedding": _fwd_embedding, "Sequential": _fwd_sequential,
}


def _python_forward_or_none(mod):
    """`mod`'s own Python forward, or a native layer's PyTorch form, or None when Kiln has neither."""
    fn = getattr(type(mod), "forward", None)
    if fn is not None and hasattr(fn, "__code__"):
        return fn
    for cls in type(mod).__mro__:
        f = _layer_forwards.get(cls.__name__)
        if f is not None and cls.__module__.startswith("torch.nn"):
            return f
    return None


def _layer_forward_or_none(mod):
    """The PyTorch form of the built-in layer `mod` is (or derives from), never a subclass's own forward
    (which is Python already and may call this layer's forward through super())."""
    for cls in type(mod).__mro__:
        f = _layer_forwards.get(cls.__name__)
        if f is not None and cls.__module__.startswith("torch.nn"):
            return f
    return None


def _python_forward(mod):
    """The forward to trace through for `mod`: its own Python forward, or a native layer's PyTorch form."""
    f = _python_forward_or_none(mod)
    if f is not None:
        return f
    raise NotImplementedError(
        f"Kiln's torch.fx cannot trace into the built-in layer {type(mod).__name__} (its forward is native "
        f"C++ in Kiln); keep it a leaf module (Tracer.is_leaf_module returning True records one call_module node)")


def _find_proxy(*objects_to_search):
    proxy = None

    def find_proxy(x):
        nonlocal proxy
        if isinstance(x, Proxy):
            proxy = x

    map_aggregate(objects_to_search, find_proxy)
    return proxy


_base_types = (str, int, float, bool, type(None))
# PyTorch's BaseArgumentTypes as concrete_args sees them (None is not one: it gets _assert_is_none).
_concrete_types = (str, int, float, bool)


class Tracer(TracerBase):
    def __init__(self, autowrap_modules=(), autowrap_functions=(), param_shapes_constant=False):
        super().__init__()
        self._autowrap_function_ids = set()
        self._autowrap_search = list(autowrap_modules)
        self.param_shapes_constant = param_shapes_constant
        self.submodule_paths = None
        self.root_module_name = ""
        self.num_calls = {}

    def create_arg(self, a):
        if isinstance(a, torch.nn.Parameter):
            for n, p in self.root.named_parameters():
                if a is p:
                    return self.create_node("get_attr", n, (), {})
            raise NameError("parameter is not a member of this module")
        if isinstance(a, torch.Tensor):
            for n_, p_ in self.root.named_buffers():
                if a is p_:
                    return self.create_node("get_attr", n_, (), {})
        if isinstance(a, torch.nn.Module):
            for n_, p_ in self.root.named_modules():
                if a is p_:
                    return self.create_node("get_attr", n_, (), {})
        if isinstance(a, torch.Tensor):
            qualname = None
            for t, q in self.tensor_attrs:
                if t is a:
                    qualname = q
            if not qualname:
                i = 0
                while True:
                    qualname = f"_tensor_constant{i}"
                    if not hasattr(self.root, qualname):
                        break
                    i += 1
                self.tensor_attrs.append((a, qualname))
                setattr(self.root, qualname, a)
            return self.create_node("get_attr", qualname, (), {})
        return super().create_arg(a)

    def is_leaf_module(self, m, module_qualified_name):
        module = type(m).__module__
        return ((module.startswith("torch.nn") or module.startswith("torch.ao.nn"))
                and not isinstance(m, torch.nn.Sequential))

    def path_of_module(self, mod):
        if self.submodule_paths:
            for m, path in self.submodule_paths:
                if m is mod:
                    return path
            raise NameError("module is not installed as a submodule")
        for n, p in self.root.named_modules():
            if mod is p:
                return n
        raise NameError("module is not installed as a submodule")

    def call_module(self, m, forward, args, kwargs):
        module_qualified_name = self.path_of_module(m)
        with ScopeContextManager(self.scope, Scope(module_qualified_name, type(m))) as _scope:
            self.module_stack[_scope.module_path] = (module_qualified_name, _scope.module_type)
            if not self.is_leaf_module(m, module_qualified_name):
                ret_val = forward(*args, **kwargs)
            else:
                ret_val = self.create_proxy("call_module", module_qualified_name, args, kwargs)
            self.module_stack.pop(_scope.module_path, None)
        return ret_val

    def getattr(self, attr, attr_val, parameter_proxy_cache):
        def maybe_get_proxy_for_attr(attr_val, collection_to_search, parameter_proxy_cache):
            for n, p in collection_to_search:
                if attr_val is p:
                    if n not in parameter_proxy_cache:
                        kwargs = {}
                        if "proxy_factory_fn" in inspect.signature(self.create_proxy).parameters:
                            kwargs["proxy_factory_fn"] = (
                                None if not self.param_shapes_constant
                                else lambda node: ParameterProxy(self, node, n, attr_val))
                        val_proxy = self.create_proxy("get_attr", n, (), {}, **kwargs)
                        parameter_proxy_cache[n] = val_proxy
                    return parameter_proxy_cache[n]
            return None

        if isinstance(attr_val, torch.nn.Parameter):
            maybe = maybe_get_proxy_for_attr(attr_val, self.root.named_parameters(), parameter_proxy_cache)
            if maybe is not None:
                return maybe
        if self.proxy_buffer_attributes and isinstance(attr_val, torch.Tensor):
            maybe = maybe_get_proxy_for_attr(attr_val, self.root.named_buffers(), parameter_proxy_cache)
            if maybe is not None:
                return maybe
        return attr_val

    def create_args_for_root(self, root_fn, is_module, concrete_args=None):
        fn_for_analysis = inspect.unwrap(root_fn)
        co = fn_for_analysis.__code__
        total_args = co.co_argcount + co.co_kwonlyargcount
        names_iter = iter(co.co_varnames)
        args = []
        skip_arg_idx = 0
        if is_module:
            if total_args == 0:
                raise RuntimeError("``self`` argument cannot be part of *args expansion!")
            skip_arg_idx = 1
            next(names_iter)
            args.append(self.root)
        sig = inspect.signature(fn_for_analysis)

        def proxy_placeholder(name):
            if concrete_args is not None and name in concrete_args:
                cnt = 0

                def replace_ph(x):
                    nonlocal cnt
                    cnt += 1
                    param = sig.parameters[name]
                    default = () if param.default is inspect.Parameter.empty else (param.default,)
                    out = self.create_proxy("placeholder", f"{name}_{str(cnt)}", default, {})
                    if isinstance(x, PHBase):
                        return out
                    if type(x) is bool or (type(x) in _concrete_types and type(x) != torch.Tensor):
                        torch._assert(out == x, f"{name} has been specialized to have value {x} but got another value")
                    elif x is None:
                        self.create_proxy("call_function", _assert_is_none,
                                          (out, f"{name} has been specialized to have value None but got another value"), {})
                    else:
                        import warnings
                        warnings.warn(f"Was not able to add assertion to guarantee correct input {name} to "
                                      f"specialized function. It is up to the user to make sure that your inputs match the "
                                      f"inputs you specialized the function with.")
                    return x

                v = concrete_args[name]
                if isinstance(v, (list, tuple, dict)):
                    raise NotImplementedError("Kiln's torch.fx takes plain values in concrete_args (no pytrees)")
                return replace_ph(v)
            if name[0] == "*":
                default = ()
            else:
                param = sig.parameters[name]
                default = () if param.default is inspect.Parameter.empty else (param.default,)
            # A parameter's annotation becomes the placeholder's type (`x : torch.Tensor` in the code).
            annotations = getattr(fn_for_analysis, "__annotations__", None) or {}
            return self.create_proxy("placeholder", name, default, {}, type_expr=annotations.get(name, None))

        arg_names = [next(names_iter) for idx in range(skip_arg_idx, total_args)]
        if isinstance(concrete_args, tuple):
            if len(arg_names) != len(concrete_args):
                raise RuntimeError(f"Tracing expected {len(arg_names)} arguments but got {len(concrete_args)} concrete arguments")
            concrete_args = dict(zip(arg_names, concrete_args))
        args.extend(proxy_placeholder(names) for names in arg_names)
        if co.co_kwonlyargcount > 0 or co.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
            raise NotImplementedError("Kiln's torch.fx traces functions with positional parameters only "
                                      "(no *args, **kwargs or keyword-only parameters)")
        return root_fn, args

    def trace(self, root, concrete_args=None):
        global _is_fx_tracing_flag
        old_flag = _is_fx_tracing_flag
        _is_fx_tracing_flag = True
        prev_call = getattr(_kiln, "_hook_call", None)
        prev_getattr = getattr(_kiln, "_hook_getattr", None)
        try:
            if isinstance(root, torch.nn.Module):
                self.root = root
                if not hasattr(type(root), self.traced_func_name):
                    raise AssertionError(f"traced_func_name={self.traced_func_name} doesn't exist in {type(root).__name__}")
                fn = _python_forward(root) if self.traced_func_name == "forward" else getattr(type(root), self.traced_func_name)
                self.root_module_name = root._get_name()
                self.submodule_paths = [(mod, name) for name, mod in root.named_modules()]
            else:
                self.root = torch.nn.Module()
                fn = root
                if not hasattr(fn, "__code__"):  # create_args_for_root's check (torch.fx.symbolic_trace(3))
                    raise AssertionError(f"Expected FunctionType, got {type(fn)}")
            tracer_cls = getattr(self, "__class__", None)
            self.graph = Graph(tracer_cls=tracer_cls)
            self.tensor_attrs = []
            fn, args = self.create_args_for_root(fn, isinstance(root, torch.nn.Module), concrete_args)
            parameter_proxy_cache = {}
            tracer = self

            def module_getattr_wrapper(mod, attr, attr_val):
                return tracer.getattr(attr, attr_val, parameter_proxy_cache)

            def module_call_wrapper(mod, *args, **kwargs):
                def forward(*args, **kwargs):
                    fwd = getattr(type(mod), "forward", None)
                    if fwd is not None and hasattr(fwd, "__code__"):
                        return _kiln.module_call(mod, *args, **kwargs)
                    return _python_forward(mod)(mod, *args, **kwargs)

                return tracer.call_module(mod, forward, args, kwargs)

            _kiln.set_hooks(module_call_wrapper, module_getattr_wrapper)
            undo = _patch_wrapped_functions()
            try:
                result = fn(*args)
            finally:
                _unpatch(undo)
                _kiln.set_hooks(prev_call, prev_getattr)
            # The return annotation types the output (`-> torch.Tensor` in the code).
            return_type = (getattr(fn, "__annotations__", None) or {}).get("return", None)
            self.create_node("output", "output", (self.create_arg(result),), {}, type_expr=return_type)
            self.submodule_paths = None
        finally:
            _is_fx_tracing_flag = old_flag
        return self.graph


def _assert_is_none(value, msg):
    assert value is None, msg


# (module, name) pairs registered by wrap(): patched in that module's globals while a trace runs.
_wrapped_fns_to_patch = []


def wrap(fn_or_name):
    """Records calls to the global function `fn_or_name` (a function or the name of one, e.g. "len")
    as call_function nodes instead of tracing through it; call it at the top level of a module."""
    if not callable(fn_or_name) and not isinstance(fn_or_name, str):
        raise RuntimeError("Unsupported type for global function! Must be either a callable or string name")
    fn_name = fn_or_name if isinstance(fn_or_name, str) else fn_or_name.__name__
    module, code_name = _kiln.caller_module()
    if code_name != "<module>":
        raise NotImplementedError("wrap must be called at the top level of a module")
    for m, n in _wrapped_fns_to_patch:
        if m is module and n == fn_name:
            return fn_or_name
    _wrapped_fns_to_patch.append((module, fn_name))
    return fn_or_name


def _create_wrapped_func(orig_fn):
    def wrapped(*args, **kwargs):
        proxy = _find_proxy(args, kwargs)
        if proxy is not None:
            return_proxy = proxy.tracer.create_proxy("call_function", orig_fn, args, kwargs)
            return_proxy.node.meta["is_wrapped"] = True
            return return_proxy
        return orig_fn(*args, **kwargs)

    return wrapped


def _patch_wrapped_functions():
    """Installs the wrappers; returns what restores the modules' globals."""
    from torch.fx.node import _builtin_objects
    undo = []
    for module, name in _wrapped_fns_to_patch:
        own = name in vars(module)
        if own:
            orig = getattr(module, name)
        elif name in _builtin_objects:
            orig = _builtin_objects[name]
        else:
            continue
        setattr(module, name, _create_wrapped_func(orig))
        undo.append((module, name, own, orig))
    return undo


def _unpatch(undo):
    for module, name, own, orig in reversed(undo):
        if own:
            setattr(module, name, orig)
        else:
            delattr(module, name)


def symbolic_trace(root, concrete_args=None):
    tracer = Tracer()
    graph = tracer.trace(root, concrete_args)
    name = root.__class__.__name__ if isinstance(root, torch.nn.Module) else root.__name__
    from torch.fx.graph_module import GraphModule
    return GraphModule(tracer.root, graph, name)
