# torch.fx.proxy: Proxy (a value being traced: operators, attribute reads, method calls and torch
# functions on it record nodes), Attribute, TracerBase (create_node / create_proxy / create_arg) and
# GraphAppendingTracer, with PyTorch 2.11's behaviour and errors (control flow on a Proxy raises
# TraceError; `len()` and iteration explain themselves).
#
# torch functions see Proxy arguments through `Proxy.__torch_function__`: Kiln's native torch and
# torch.nn.functional callables dispatch on it as PyTorch's do (engine/bindings/fx.cpp).
# Kiln leaves out: scopes/module stacks in node.meta and stack-trace recording.
import operator

import torch
from torch.fx.graph import magic_methods, reflectable_magic_methods, Graph
from torch.fx.node import Node, map_aggregate

__all__ = ["TracerBase", "GraphAppendingTracer", "TraceError", "Proxy", "Attribute", "ParameterProxy", "Scope",
           "ScopeContextManager"]


class TraceError(ValueError):
    pass


class Scope:
    def __init__(self, module_path, module_type):
        self.module_path = module_path
        self.module_type = module_type


class ScopeContextManager:
    def __init__(self, scope, current_scope):
        self._prev_scope = Scope(scope.module_path, scope.module_type)
        self._scope = scope
        scope.module_path = current_scope.module_path
        scope.module_type = current_scope.module_type

    def __enter__(self):
        return self._scope

    def __exit__(self, *args):
        self._scope.module_path = self._prev_scope.module_path
        self._scope.module_type = self._prev_scope.module_type


_base_types = (str, int, float, bool, type(None))


class TracerBase:
    graph = None
    record_stack_traces = False
    check_mutable_operations = False
    trace_asserts = False
    proxy_buffer_attributes = False
    traced_func_name = "forward"

    def __init__(self):
        self.scope = Scope("", None)
        self.module_stack = {}
        self.node_name_to_scope = {}

    def create_node(self, kind, target, args, kwargs, name=None, type_expr=None):
        node = self.graph.create_node(kind, target, args, kwargs, name, type_expr)
        self.node_name_to_scope[node.name] = (self.scope.module_path, self.scope.module_type)
        return node

    def proxy(self, node):
        return Proxy(node, self)

    def create_proxy(self, kind, target, args, kwargs, name=None, type_expr=None, proxy_factory_fn=None):
        args_ = self.create_arg(args)
        kwargs_ = self.create_arg(kwargs)
        if not isinstance(args_, tuple):
            raise AssertionError()
        if not isinstance(kwargs_, dict):
            raise AssertionError()
        node = self.create_node(kind, target, args_, kwargs_, name, type_expr)
        if not proxy_factory_fn:
            return self.proxy(node)
        return proxy_factory_fn(node)

    def create_arg(self, a):
        if isinstance(a, Proxy):
            return a.node
        if hasattr(a, "__fx_create_arg__"):
            return a.__fx_create_arg__(self)
        if isinstance(a, tuple):
            if hasattr(a, "_fields"):
                args = [self.create_arg(elem) for elem in a]
                return type(a)(*args)
            return tuple(self.create_arg(elem) for elem in a)
        if isinstance(a, list):
            return [self.create_arg(elem) for elem in a]
        if isinstance(a, dict):
            r = {}
            for k, v in a.items():
                k = self.create_arg(k)

                def no_node(arg):
                    if isinstance(arg, Node):
                        raise RuntimeError(f"Keys for dictionaries used as an argument cannot contain a Node. Got key: {k}")

                map_aggregate(k, no_node)
                r[k] = self.create_arg(v)
            return r
        if isinstance(a, slice):
            return slice(self.create_arg(a.start), self.create_arg(a.stop), self.create_arg(a.step))
        if isinstance(a, range):
            return range(self.create_arg(a.start), self.create_arg(a.stop), self.create_arg(a.step))
        if isinstance(a, Node) or isinstance(a, _base_types) or a is ... or isinstance(a, torch.Tensor) \
                or isinstance(a, torch.dtype) or isinstance(a, torch.device):
            return a
        raise NotImplementedError(f"argument of type: {type(a)}")

    def to_bool(self, obj):
        raise TraceError("symbolically traced variables cannot be used as inputs to control flow")

    def iter(self, obj):
        raise TraceError("Proxy object cannot be iterated. This can be "
                         "attempted when the Proxy is used in a loop or"
                         " as a *args or **kwargs function argument. "
                         "See the torch.fx docs on pytorch.org for a "
                         "more detailed explanation of what types of "
                         "control flow can be traced, and check out the"
                         " Proxy docstring for help troubleshooting "
                         "Proxy iteration errors")

    def keys(self, obj):
        return Attribute(obj, "keys")()


class GraphAppendingTracer(TracerBase):
    def __init__(self, graph):
        super().__init__()
        self.graph = graph


class Proxy:
    def __init__(self, node, tracer=None):
        if tracer is None:
            tracer = GraphAppendingTracer(node.graph)
        self.tracer = tracer
        self.node = node

    def __repr__(self):
        return f"Proxy({self.node.name})"

    def __getattr__(self, k):
        if k.startswith("__") and k.endswith("__"):
            raise AttributeError(f"'Proxy' object has no attribute '{k}'")
        return Attribute(self, k)

    def __call__(self, *args, **kwargs):
        return self.tracer.create_proxy("call_method", "__call__", (self,) + args, kwargs)

    def __iter__(self):
        # `a, b = proxy` unpacks into getitem nodes (the caller runs UNPACK_SEQUENCE n), as in PyTorch.
        from torch.fx import _kiln
        n = _kiln.caller_unpack_count()
        if n >= 0:
            return iter([self[i] for i in range(n)])
        return self.tracer.iter(self)

    def __abs__(self):
        return self.tracer.create_proxy("call_function", operator.abs, (self,), {})

    def __bool__(self):
        return self.tracer.to_bool(self)

    def keys(self):
        return self.tracer.keys(self)

    def __len__(self):
        raise RuntimeError("'len' is not supported in symbolic tracing by default. If you want "
                           "this call to be recorded, please call torch.fx.wrap('len') at "
                           "module scope")

    @classmethod
    def __torch_function__(cls, orig_method, types, args=None, kwargs=None):
        args = args if args else ()
        kwargs = kwargs if kwargs else {}
        tracers = {}

        def find_tracer(a):
            if isinstance(a, cls):
                tracers[a.tracer] = None

        map_aggregate(args, find_tracer)
        map_aggregate(kwargs, find_tracer)
        if len(tracers) > 1:
            raise RuntimeError(f"Found multiple different tracers {list(tracers.keys())} while "
                               f"trying to trace operations {orig_method}")
        tracer = next(iter(tracers.keys()))
        return tracer.create_proxy("call_function", orig_method, args, kwargs,
                                   name=tracer.graph._target_to_str(orig_method.__name__))


class Attribute(Proxy):
    def __init__(self, root, attr):
        self.root = root
        self.attr = attr
        self.tracer = root.tracer
        self._node = None

    @property
    def node(self):
        if self._node is None:
            self._node = self.tracer.create_proxy("call_function", getattr, (self.root, self.attr), {}).node
        return self._node

    def __call__(self, *args, **kwargs):
        return self.tracer.create_proxy("call_method", self.attr, (self.root,) + args, kwargs)


class ParameterProxy(Proxy):
    def __init__(self, tracer, node, name, param):
        super().__init__(node, tracer)
        self.param = param
        self.name = name

    def __repr__(self):
        return f"ParameterProxy({self.name})"

    @property
    def shape(self):
        return self.param.shape

    def size(self, dim=None):
        return self.param.size() if dim is None else self.param.size(dim)

    def dim(self):
        return self.param.dim()

    @property
    def ndim(self):
        return self.param.ndim

    def numel(self):
        return self.param.numel()

    def nelement(self):
        return self.param.nelement()


def _define_magic(method):
    def impl(*args, **kwargs):
        tracer = args[0].tracer
        target = getattr(operator, method)
        return tracer.create_proxy("call_function", target, args, kwargs)

    impl.__name__ = method
    as_magic = f'__{method.strip("_")}__'
    setattr(Proxy, as_magic, impl)


def _define_reflectable(orig_method_name):
    method_name = f'__r{orig_method_name.strip("_")}__'

    def impl(self, rhs):
        target = getattr(operator, orig_method_name)
        return self.tracer.create_proxy("call_function", target, (rhs, self), {})

    impl.__name__ = method_name
    setattr(Proxy, method_name, impl)


for _method in magic_methods:
    if _method != "div":
        _define_magic(_method)
for _orig in reflectable_magic_methods:
    if _orig not in ("div", "getitem"):
        _define_reflectable(_orig)
