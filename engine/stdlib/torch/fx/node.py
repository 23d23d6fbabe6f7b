# torch.fx.node: Node (one operation of a Graph: op, name, target, args, kwargs, users, meta, type),
# map_arg / map_aggregate, and how FX names targets (_get_qualified_name) and prints arguments
# (_format_arg), with PyTorch 2.11's texts.
#
# Nodes form a doubly-linked list through _prev/_next around the graph's root sentinel; `users` and
# the input-node set are kept in step with args/kwargs by _update_args_kwargs, as in PyTorch.
# Kiln's differences: args lists and kwargs dicts are plain list/dict (PyTorch uses immutable
# subclasses; mutate them through `node.args = ...` so `users` stays right), and the module of a
# native torch function is found by identity in torch / torch.nn.functional / torch._C._nn (Kiln's
# builtins carry no __module__).
import operator
from typing import Any, Callable, Optional, Union

import torch

__all__ = ["Node", "map_arg", "map_aggregate", "has_side_effect"]

_legal_ops = ("placeholder", "call_method", "call_module", "call_function", "get_attr", "output", "root")

_side_effectful_functions = set()


def has_side_effect(fn):
    _side_effectful_functions.add(fn)
    return fn


# torch.nn.functional functions that are C functions in PyTorch 2.11, under the name PyTorch prints
# (the same facts as Dynamo's functional_records in engine/capture/dynamo/translator.cpp).
_functional_c_names = {
    "linear": "torch._C._nn.linear",
    "gelu": "torch._C._nn.gelu",
    "avg_pool2d": "torch._C._nn.avg_pool2d",
    "conv1d": "torch.conv1d",
    "conv2d": "torch.conv2d",
    "prelu": "torch.prelu",
    "pad": "torch._C._nn.pad",
    # torch/nn/_functional_ext.py's functions that are torch's C functions in PyTorch
    "conv_transpose1d": "torch.conv_transpose1d",
    "conv_transpose2d": "torch.conv_transpose2d",
    "conv_transpose3d": "torch.conv_transpose3d",
    "pixel_shuffle": "torch.pixel_shuffle",
    "pixel_unshuffle": "torch.pixel_unshuffle",
    "avg_pool1d": "torch.avg_pool1d",
    "adaptive_avg_pool1d": "torch.adaptive_avg_pool1d",
    "softshrink": "torch._C._nn.softshrink",
    "bilinear": "torch.bilinear",
}


def _find_in(module, obj):
    d = module.__dict__ if hasattr(module, "__dict__") else {}
    for k in d:
        if k.startswith("__"):
            continue
        if d[k] is obj:
            return k
    return None


def _operator_name(fn):
    name = getattr(fn, "__name__", None)
    if name is not None and getattr(operator, name, None) is fn:
        return name
    return None


_builtin_objects = {
    "getattr": getattr, "setattr": setattr, "hasattr": hasattr, "len": len, "abs": abs, "max": max, "min": min,
    "sum": sum, "isinstance": isinstance, "print": print, "int": int, "float": float, "bool": bool, "str": str,
    "list": list, "tuple": tuple, "dict": dict, "range": range, "slice": slice, "type": type, "pow": pow,
    "round": round, "all": all, "any": any, "iter": iter, "next": next, "zip": zip, "map": map,
    "enumerate": enumerate, "sorted": sorted, "reversed": reversed, "repr": repr, "divmod": divmod,
}


def _builtin_name(fn):
    name = getattr(fn, "__name__", None)
    if name is not None and _builtin_objects.get(name) is fn:
        return name
    return None


def _torch_name(fn):
    """'torch.cat', 'torch.nn.functional.relu', 'torch._C._nn.linear' for Kiln's torch callables."""
    n = _find_in(torch, fn)
    if n is not None:
        return "torch." + n
    F = torch.nn.functional
    n = _find_in(F, fn)
    if n is not None:
        return _functional_c_names.get(n, "torch.nn.functional." + n)
    return None


def _get_qualified_name(func):
    b = _builtin_name(func)
    if b is not None:
        return b
    t = _torch_name(func)
    if t is not None:
        return t
    o = _operator_name(func)
    if o is not None:
        return "_operator." + o
    name = func.__name__
    if name == "<lambda>":
        raise RuntimeError("Unable to represent lambda")
    module = getattr(func, "__module__", None)
    if module is None:
        raise RuntimeError(f"cannot find module for {func}")
    return f"{module}.{name}"


def _torch_module_name(module):
    # ^torch(\.(?!_dynamo\.|_inductor\.)[^.]+)*$ : torch and its submodules but Dynamo's and Inductor's.
    if module != "torch" and not module.startswith("torch."):
        return False
    parts = module.split(".")
    for p in parts[1:-1]:
        if p in ("_dynamo", "_inductor"):
            return False
    return True


def _is_from_torch(obj):
    if _torch_name(obj) is not None:
        return True
    module = getattr(obj, "__module__", None)
    return isinstance(module, str) and _torch_module_name(module)


_GenericAliasType = type(list[int])  # types.GenericAlias
_FunctionType = type(lambda: None)  # types.FunctionType


def _type_repr(obj):
    # Classes as module.qualname (builtins bare), never a parameterized alias (list[int] would print
    # as "list"); functions by name; anything else by repr.
    if isinstance(obj, type) and not isinstance(obj, _GenericAliasType):
        if obj is torch.Tensor:
            return "torch.Tensor"
        module = getattr(obj, "__module__", "builtins")
        if module == "builtins":
            return obj.__qualname__
        return f"{module}.{obj.__qualname__}"
    if obj is ...:
        return "..."
    if isinstance(obj, _FunctionType):
        return obj.__name__
    return repr(obj)


def _format_arg(arg, max_list_len=float("inf")):
    if isinstance(arg, list):
        items = ", ".join(_format_arg(a) for idx, a in enumerate(arg) if idx < max_list_len)
        maybe_len = "" if len(arg) < max_list_len + 1 else f", ...[total_len={len(arg)}]"
        return f"[{items}{maybe_len}]"
    if isinstance(arg, tuple):
        items = ", ".join(_format_arg(a) for idx, a in enumerate(arg) if idx < max_list_len)
        maybe_len = "" if len(arg) < max_list_len + 1 else f", ...[total_len={len(arg)}]"
        maybe_comma = "," if len(arg) == 1 else ""
        return f"({items}{maybe_comma}{maybe_len})"
    if isinstance(arg, dict):
        items_str = ", ".join(f"{k}: {_format_arg(v)}" for k, v in arg.items())
        return f"{{{items_str}}}"
    if isinstance(arg, Node):
        return "%" + str(arg)
    return str(arg)


class Node:
    def __init__(self, graph, name, op, target, args, kwargs, return_type=None):
        if op not in _legal_ops:
            raise AssertionError()
        if op == "call_function":
            if not callable(target):
                raise ValueError(
                    f"Node [graph = {graph}, name = '{name}'] target {target} has type "
                    f"{torch.typename(target)} but a Callable is expected"
                )
        elif op != "root" and not isinstance(target, str):
            raise ValueError(
                f"Node [graph = {graph}, name = '{name}'] target {target} has type "
                f"{torch.typename(target)} but a str is expected"
            )
        self.graph = graph
        self.name = name
        self.op = op
        self.target = target
        self._input_nodes = {}
        self.users = {}
        self.type = return_type
        self._prev = self
        self._next = self
        self._erased = False
        self._repr_fn = None
        self.meta = {}
        self._args = ()
        self._kwargs = {}
        self._update_args_kwargs(args, kwargs)

    @property
    def next(self):
        return self._next

    @property
    def prev(self):
        return self._prev

    def prepend(self, x):
        if self.graph is not x.graph:
            raise AssertionError("Attempting to move a Node into a different Graph")
        if self is x:
            return
        x._remove_from_list()
        p = self._prev
        p._next = x
        x._prev = p
        x._next = self
        self._prev = x

    def append(self, x):
        self._next.prepend(x)

    def _remove_from_list(self):
        p = self._prev
        n = self._next
        p._next = n
        n._prev = p

    @property
    def args(self):
        return self._args

    @args.setter
    def args(self, a):
        self._update_args_kwargs(a, self._kwargs)

    @property
    def kwargs(self):
        return self._kwargs

    @kwargs.setter
    def kwargs(self, k):
        self._update_args_kwargs(self._args, k)

    @property
    def all_input_nodes(self):
        return list(self._input_nodes.keys())

    def update_arg(self, idx, arg):
        args = list(self.args)
        args[idx] = arg
        self.args = tuple(args)

    def insert_arg(self, idx, arg):
        if not (0 <= idx <= len(self.args)):
            raise AssertionError("insert_args index must be between 0 and len(self.args)")
        self.args = self.args[:idx] + (arg,) + self.args[idx:]

    def update_kwarg(self, key, arg):
        k = dict(self.kwargs)
        k[key] = arg
        self.kwargs = k

    @property
    def stack_trace(self):
        return self.meta.get("stack_trace", None)

    @stack_trace.setter
    def stack_trace(self, trace):
        self.meta["stack_trace"] = trace

    def _update_args_kwargs(self, new_args, new_kwargs):
        self._args = map_aggregate(new_args, _keep)
        self._kwargs = map_aggregate(new_kwargs, _keep)
        for old_use in self._input_nodes:
            old_use.users.pop(self)
        self._input_nodes = {}
        found = self._input_nodes

        def add(n):
            found[n] = None
            return n

        map_arg(self._args, add)
        map_arg(self._kwargs, add)
        for new_use in found:
            new_use.users[self] = None

    def __repr__(self):
        if self._repr_fn:
            return self._repr_fn(self)
        return self.name

    def __str__(self):
        return self.__repr__()

    def _pretty_print_target(self, target):
        if isinstance(target, str):
            return target
        o = _operator_name(target)
        if o is not None:
            return f"operator.{o}"
        b = _builtin_name(target)
        if b is not None:
            return f"builtins.{b}"
        return _get_qualified_name(target)

    def format_node(self, placeholder_names=None, maybe_return_typename=None):
        if self.op == "placeholder":
            arg_str = self.target
            if self.type:
                arg_str += ": " + _type_repr(self.type)
            if placeholder_names:
                placeholder_names.append(arg_str)
                return None
            maybe_typename = f"{_type_repr(self.type)} " if self.type else ""
            default_val = "(default=" + str(self.args[0]) + ")" if self.args else ""
            return (f"%{self.name} : {maybe_typename}[num_users={len(self.users)}] = "
                    f"{self.op}[target={self.target}]{default_val}")
        if self.op == "get_attr":
            maybe_typename = f"{_type_repr(self.type)} " if self.type is not None else ""
            return (f"%{self.name} : {maybe_typename}[num_users={len(self.users)}] = "
                    f"{self.op}[target={self._pretty_print_target(self.target)}]")
        if self.op == "output":
            if self.type and maybe_return_typename:
                maybe_return_typename[0] = f" -> {_type_repr(self.type)}"
            return f"return {self.args[0]}"
        maybe_typename = f"{_type_repr(self.type)} " if self.type is not None else ""
        return (f"%{self.name} : {maybe_typename}[num_users={len(self.users)}] = "
                f"{self.op}[target={self._pretty_print_target(self.target)}]"
                f"(args = {_format_arg(self.args)}, kwargs = {_format_arg(self.kwargs)})")

    def replace_all_uses_with(self, replace_with, delete_user_cb=lambda user: True, *, propagate_meta=False):
        if propagate_meta:
            if len(replace_with.meta) != 0:
                raise AssertionError("Called node.replace_all_uses_with(replace_with, propagate_meta=True), "
                                     "but replace_with already has .meta keys")
            for k, v in self.meta.items():
                replace_with.meta[k] = v
        to_process = list(self.users)
        skipped = []
        for use_node in to_process:
            if not delete_user_cb(use_node):
                skipped.append(use_node)
                continue

            def maybe_replace_node(n):
                if n is self:
                    return replace_with
                return n

            new_args = map_arg(use_node.args, maybe_replace_node)
            new_kwargs = map_arg(use_node.kwargs, maybe_replace_node)
            use_node._update_args_kwargs(new_args, new_kwargs)
        return [n for n in to_process if n not in skipped]

    def replace_input_with(self, old_input, new_input):
        def maybe_replace_node(n):
            return new_input if n is old_input else n

        new_args = map_arg(self.args, maybe_replace_node)
        new_kwargs = map_arg(self.kwargs, maybe_replace_node)
        self._update_args_kwargs(new_args, new_kwargs)

    def is_impure(self, impure_random=True):
        if self.op in ("placeholder", "output"):
            return True
        if self.op == "call_function":
            return self.target in _side_effectful_functions
        if self.op == "call_module":
            m = self.graph.owning_module
            if m is None:
                raise AssertionError("self.graph.owning_module not set for purity check")
            target_mod = m.get_submodule(self.target)
            return getattr(target_mod, "_is_impure", False)
        return False

    def _rename(self, candidate):
        if candidate == self.name:
            return
        name = self.graph._graph_namespace.create_name(candidate, None)
        self.name = name
        self.graph._graph_namespace._rename_object(self, name)

    def __lt__(self, other):
        return self._index() < other._index()

    def _index(self):
        i = 0
        for n in self.graph.nodes:
            if n is self:
                return i
            i += 1
        return -1


def _keep(x):
    return x


def map_arg(a, fn):
    if not callable(fn):
        raise AssertionError("torch.fx.map_arg(a, fn): fn must be a callable")
    return map_aggregate(a, lambda x: fn(x) if isinstance(x, Node) else x)


def map_aggregate(a, fn):
    if isinstance(a, tuple):
        t = tuple(map_aggregate(elem, fn) for elem in a)
        if hasattr(a, "_fields"):
            return type(a)(*t)
        return t
    if isinstance(a, list):
        return [map_aggregate(elem, fn) for elem in a]
    if isinstance(a, dict):
        rv = {}
        for k, v in a.items():
            rv[k] = map_aggregate(v, fn)
        return rv
    if isinstance(a, slice):
        return slice(map_aggregate(a.start, fn), map_aggregate(a.stop, fn), map_aggregate(a.step, fn))
    return fn(a)


has_side_effect(torch._assert) if hasattr(torch, "_assert") else None

# The type aliases that tracers and passes annotate with (PyTorch: torch/fx/node.py); torch.layout
# is left out of the base types, as Kiln has no layouts.
BaseArgumentTypes = Union[str, int, float, bool, complex, torch.dtype, torch.Tensor, torch.device, torch.memory_format]
Target = Union[Callable[..., Any], str]
Argument = Optional[Union[tuple, list, dict, slice, range, Node, BaseArgumentTypes]]
