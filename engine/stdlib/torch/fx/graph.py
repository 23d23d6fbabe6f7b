# torch.fx.graph: Graph (the node list, insertion points, node creation, erase, lint, dead-code
# elimination, copying) and its Python code generator (`gm.code`), with PyTorch 2.11's names, texts
# and layout: node names from _Namespace (snake case, `_1`, `_2` for repeats, never shadowing a
# builtin or keyword: `max_1`, `input_1`, `getattr_1`), `print(graph)` in the `%name : [num_users=N]
# = op[target=...](args = ..., kwargs = ...)` form, and the generated forward with `;  a = b = None`
# after each value's last use.
#
# The printed form and code layout are the ones Kiln's Dynamo prints for its captured graphs
# (engine/capture/dynamo/fx_graph.cpp, over its native nodes); both follow torch/fx/graph.py.
# Kiln leaves out: pytree codegen (inputs and outputs must be plain values), verbose/stride/device
# annotations, on_generate_code transformers, and `print_tabular` needs the `tabulate` package as in
# PyTorch (Kiln has none, so it prints PyTorch's message and raises ImportError).
import inspect
import math
import warnings

import torch
from torch.fx.node import Node, map_arg, _get_qualified_name, _is_from_torch, _type_repr, _operator_name

_UnionType = type(int | None)  # types.UnionType: PEP 604 unions in annotations

__all__ = ["PythonCode", "CodeGen", "Graph"]

_keywords = ["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
             "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
             "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"]

# CPython 3.11's builtins (when a script runs: site adds exit, quit, help, ...).
_builtin_names = [
    "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__build_class__", "__import__", "abs", "all",
    "any", "ascii", "bin", "breakpoint", "callable", "chr", "compile", "delattr", "dir", "divmod", "eval", "exec",
    "format", "getattr", "globals", "hasattr", "hash", "hex", "id", "input", "isinstance", "issubclass", "iter",
    "aiter", "len", "locals", "max", "min", "next", "anext", "oct", "ord", "pow", "print", "repr", "round",
    "setattr", "sorted", "sum", "vars", "None", "Ellipsis", "NotImplemented", "False", "True", "bool",
    "memoryview", "bytearray", "bytes", "classmethod", "complex", "dict", "enumerate", "filter", "float",
    "frozenset", "property", "int", "list", "map", "object", "range", "reversed", "set", "slice", "staticmethod",
    "str", "super", "tuple", "type", "zip", "__debug__", "BaseException", "Exception", "TypeError",
    "StopAsyncIteration", "StopIteration", "GeneratorExit", "SystemExit", "KeyboardInterrupt", "ImportError",
    "ModuleNotFoundError", "OSError", "EnvironmentError", "IOError", "EOFError", "RuntimeError", "RecursionError",
    "NotImplementedError", "NameError", "UnboundLocalError", "AttributeError", "SyntaxError", "IndentationError",
    "TabError", "LookupError", "IndexError", "KeyError", "ValueError", "UnicodeError", "UnicodeEncodeError",
    "UnicodeDecodeError", "UnicodeTranslateError", "AssertionError", "ArithmeticError", "FloatingPointError",
    "OverflowError", "ZeroDivisionError", "SystemError", "ReferenceError", "MemoryError", "BufferError",
    "Warning", "UserWarning", "EncodingWarning", "DeprecationWarning", "PendingDeprecationWarning",
    "SyntaxWarning", "RuntimeWarning", "FutureWarning", "ImportWarning", "UnicodeWarning", "BytesWarning",
    "ResourceWarning", "ConnectionError", "BlockingIOError", "BrokenPipeError", "ChildProcessError",
    "ConnectionAbortedError", "ConnectionRefusedError", "ConnectionResetError", "FileExistsError",
    "FileNotFoundError", "IsADirectoryError", "NotADirectoryError", "InterruptedError", "PermissionError",
    "ProcessLookupError", "TimeoutError", "open", "quit", "exit", "copyright", "credits", "license", "help",
    "BaseExceptionGroup", "ExceptionGroup",
]

from torch.fx.node import _builtin_objects

_illegal_names = {}
for _k in _keywords:
    _illegal_names[_k] = object()
for _k in _builtin_names:
    _illegal_names[_k] = _builtin_objects.get(_k, object())

_custom_builtins = {}


def _register_custom_builtin(name, import_str, obj):
    _custom_builtins[name] = (import_str, obj)
    _illegal_names[name] = obj


_register_custom_builtin("inf", "from math import inf", math.inf)
_register_custom_builtin("nan", "from math import nan", math.nan)
_register_custom_builtin("NoneType", "NoneType = type(None)", type(None))
_register_custom_builtin("torch", "import torch", torch)
_register_custom_builtin("device", "from torch import device", torch.device)


_dtype_abbrs = {
    "torch.bfloat16": "bf16", "torch.float64": "f64", "torch.float32": "f32", "torch.float16": "f16",
    "torch.int64": "i64", "torch.int32": "i32", "torch.int16": "i16", "torch.int8": "i8", "torch.uint8": "u8",
    "torch.bool": "b8",
}


def _origin_type_map_init():
    import typing
    return {list: typing.List, dict: typing.Dict, set: typing.Set, frozenset: typing.FrozenSet, tuple: typing.Tuple}


# typing's aliases name their builtin origins by typing's names in generated code (List[int]).
_origin_type_map = _origin_type_map_init()


def _is_magic(x):
    return x.startswith("__") and x.endswith("__")


def _snake_case(s):
    # A lowercase letter followed by an uppercase one gets an underscore between them; then lower().
    out = []
    prev = ""
    for c in s:
        if "A" <= c <= "Z" and "a" <= prev <= "z":
            out.append("_")
        out.append(c)
        prev = c
    return "".join(out).lower()


def _is_ident_char(c):
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or ("0" <= c <= "9") or c == "_"


def _sub_illegal_chars(s):
    # re.sub("[^0-9a-zA-Z_]+", "_", s): each run of illegal characters becomes one underscore.
    out = []
    in_run = False
    for c in s:
        if _is_ident_char(c):
            out.append(c)
            in_run = False
        elif not in_run:
            out.append("_")
            in_run = True
    return "".join(out)


def _match_name(candidate):
    # ^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$ : (base, num or None), or None when not an identifier.
    if not candidate or ("0" <= candidate[0] <= "9"):
        return None
    for c in candidate:
        if not _is_ident_char(c):
            return None
    i = len(candidate)
    while i > 0 and "0" <= candidate[i - 1] <= "9":
        i -= 1
    if i < len(candidate) and i >= 2 and candidate[i - 1] == "_":
        return candidate[:i - 1], candidate[i:]
    return candidate, None


class _Namespace:
    def __init__(self):
        self._obj_to_name = {}
        self._used_names = set()
        self._base_count = {}

    def create_name(self, candidate, obj):
        if obj is not None and obj in self._obj_to_name:
            return self._obj_to_name[obj]
        match = _match_name(candidate)
        if match is None:
            candidate = _sub_illegal_chars(candidate)
            if not candidate:
                candidate = "_unnamed"
            if "0" <= candidate[0] <= "9":
                candidate = f"_{candidate}"
            match = _match_name(candidate)
        base, num = match
        if num is None or candidate in self._used_names:
            num = self._base_count.get(candidate, 0)
            if _illegal_names.get(candidate, obj) is not obj:
                num += 1
                candidate = f"{base}_{num}"
        else:
            num = int(num)
        while candidate in self._used_names:
            num += 1
            candidate = f"{base}_{num}"
        self._used_names.add(candidate)
        self._base_count[base] = num
        if obj is not None:
            self._obj_to_name[obj] = candidate
        return candidate

    def associate_name_with_obj(self, name, obj):
        maybe_existing = self._obj_to_name.setdefault(obj, name)
        if maybe_existing is not name:
            raise AssertionError("obj is already associated")

    def _rename_object(self, obj, name):
        self._obj_to_name[obj] = name
        self._used_names.add(name)


class PythonCode:
    def __init__(self, src, globals, _lineno_map=None):
        self.src = src
        self.globals = globals
        self._lineno_map = _lineno_map


def _format_target(base, target):
    r = base
    for e in target.split("."):
        if not e.isidentifier():
            r = f'getattr({r}, "{e}")'
        else:
            r = f"{r}.{e}"
    return r


class _InsertPoint:
    def __init__(self, graph, new_insert):
        self.graph = graph
        self.orig_insert = graph._insert
        graph._insert = new_insert

    def __enter__(self):
        pass

    def __exit__(self, type, value, tb):
        self.graph._insert = self.orig_insert


class _node_list:
    def __init__(self, graph, direction="_next"):
        self.graph = graph
        self.direction = direction

    def __len__(self):
        return self.graph._len

    def __iter__(self):
        root = self.graph._root
        forward = self.direction == "_next"
        cur = root._next if forward else root._prev
        while cur is not root:
            if not cur._erased:
                yield cur
            cur = cur._next if forward else cur._prev

    def __reversed__(self):
        return _node_list(self.graph, "_prev" if self.direction == "_next" else "_next")


reflectable_magic_methods = {
    "add": "{} + {}", "sub": "{} - {}", "mul": "{} * {}", "floordiv": "{} // {}", "truediv": "{} / {}",
    "div": "{} / {}", "mod": "{} % {}", "pow": "{} ** {}", "lshift": "{} << {}", "rshift": "{} >> {}",
    "and_": "{} & {}", "or_": "{} | {}", "xor": "{} ^ {}", "getitem": "{}[{}]", "matmul": "{} @ {}",
}

magic_methods = {
    "eq": "{} == {}", "ne": "{} != {}", "lt": "{} < {}", "gt": "{} > {}", "le": "{} <= {}", "ge": "{} >= {}",
    "pos": "+{}", "neg": "-{}", "invert": "~{}",
}
magic_methods.update(reflectable_magic_methods)

inplace_methods = {
    "iadd": "{} += {}", "iand": "{} &= {}", "ifloordiv": "{} //= {}", "ilshift": "{} <<= {}", "imod": "{} %= {}",
    "imul": "{} *= {}", "imatmul": "{} @= {}", "ior": "{} |= {}", "ipow": "{} **= {}", "irshift": "{} >>= {}",
    "isub": "{} -= {}", "itruediv": "{} /= {}", "ixor": "{} ^= {}", "setitem": "{}[{}] = {}",
}


class CodeGen:
    def __init__(self):
        self._body_transformer = None
        self._func_name = "forward"

    def gen_fn_def(self, free_vars, maybe_return_annotation):
        if len(free_vars) == 0 or free_vars[0] != "self":
            free_vars.insert(0, "self")
        return f"def {self._func_name}({', '.join(free_vars)}){maybe_return_annotation}:"

    def generate_output(self, output_args):
        return f"return {repr(output_args)}"

    def process_inputs(self, *args):
        return args

    def process_outputs(self, outputs):
        return outputs

    def additional_globals(self):
        return []

    def _gen_python_code(self, nodes, root_module, namespace, verbose=False):
        free_vars = []
        body = []
        globals_ = {}
        wrapped_fns = {}
        maybe_return_annotation = [""]

        def add_global(name_hint, obj):
            if _is_from_torch(obj) and obj is not torch.device:
                return _get_qualified_name(obj)
            global_name = namespace.create_name(name_hint, obj)
            if global_name in globals_:
                return global_name
            globals_[global_name] = obj
            return global_name

        for name in _custom_builtins:
            add_global(name, _custom_builtins[name][1])

        def type_repr(o):
            # Parameterized hints print as origin[arg,arg] with each part a global of the generated
            # code (typing's List/Dict/... for the builtin origins of typing's aliases), as
            # PyTorch's codegen writes them; others by their repr.
            if o == ():
                return "()"
            # A PEP 604 union (torch.Tensor | None) prints its members joined by "|", each a global.
            if isinstance(o, _UnionType) and "|" in _type_repr(o):
                return "|".join(type_repr(arg) for arg in o.__args__)
            origin_type = getattr(o, "__origin__", None)
            if origin_type:
                import typing
                if isinstance(o, typing._GenericAlias):
                    origin_type = _origin_type_map.get(origin_type, origin_type)
                origin_typename = add_global(_type_repr(origin_type), origin_type)
                if getattr(o, "__args__", None):
                    return f"{origin_typename}[{','.join(type_repr(arg) for arg in o.__args__)}]"
                return origin_typename
            return add_global(_type_repr(o), o)

        def _get_repr(arg):
            if isinstance(arg, Node):
                return repr(arg)
            if isinstance(arg, tuple) and hasattr(arg, "_fields"):
                qualified_name = _get_qualified_name(type(arg))
                global_name = add_global(qualified_name, type(arg))
                return f"{global_name}{repr(tuple(arg))}"
            if isinstance(arg, torch.Tensor):
                size = list(arg.size())
                dtype = str(arg.dtype).split(".")[-1]
                return f"torch.Tensor(size={size}, dtype={dtype})"
            if isinstance(arg, tuple):
                if len(arg) == 1:
                    return f"({_get_repr(arg[0])},)"
                return "(" + ", ".join(_get_repr(a) for a in arg) + ")"
            if isinstance(arg, list):
                return "[" + ", ".join(_get_repr(a) for a in arg) + "]"
            if isinstance(arg, slice):
                return f"slice({_get_repr(arg.start)}, {_get_repr(arg.stop)}, {_get_repr(arg.step)})"
            return repr(arg)

        def _format_args(args, kwargs):
            res = [_get_repr(a) for a in args]
            res.extend([f"{k} = {_get_repr(v)}" for k, v in kwargs.items()])
            return ", ".join(res)

        node_to_last_use = {}
        user_to_last_uses = {}

        def register_last_uses(n, user):
            if n not in node_to_last_use:
                node_to_last_use[n] = user
                user_to_last_uses.setdefault(user, []).append(n)

        for node in reversed(nodes):
            for input_node in node._input_nodes:
                register_last_uses(input_node, node)

        def delete_unused_values(user):
            if user.op == "placeholder":
                return
            if user.op == "output":
                body.append("\n")
                return
            nodes_to_delete = user_to_last_uses.get(user, [])
            if len(user.users.keys()) == 0:
                nodes_to_delete.append(user)
            if len(nodes_to_delete):
                to_delete_str = " = ".join([repr(n) for n in nodes_to_delete] + ["None"])
                body.append(f";  {to_delete_str}\n")
            else:
                body.append("\n")

        prev_summary = [None]

        def append_stacktrace_summary(node):
            # print_readable's comment before each run of nodes from one source line (symbolic
            # tracing records no stack traces: "No stacktrace found for following nodes").
            if node.op in ("placeholder", "output"):
                return
            summary_str = "\n# No stacktrace found for following nodes\n"
            st = node.stack_trace
            if st:
                lines = st.strip().split("\n")
                for idx in range(len(lines) - 2, -1, -1):
                    line = lines[idx].strip()
                    if line.startswith('File "') and ", line " in line and ", in " in line:
                        file = line[6:line.index('", line ')]
                        rest = line[line.index('", line ') + 8:]
                        lineno, name = rest.split(", in ", 1)
                        summary_str = f"\n# File: {file}:{lineno} in {name}, code: {lines[idx + 1].strip()}\n"
                        break
            if summary_str != prev_summary[0]:
                prev_summary[0] = summary_str
                body.append(summary_str)

        def emit_node(node):
            maybe_type_annotation = "" if node.type is None else f" : {type_repr(node.type)}"
            if verbose:
                meta_val = node.meta.get("val", node.meta.get("tensor_meta", node.meta.get("example_value", None)))
                if isinstance(meta_val, torch.Tensor):
                    maybe_type_annotation = f': "{_dtype_abbrs.get(str(meta_val.dtype), "?")}[{", ".join(str(d) for d in meta_val.shape)}]"'
                elif meta_val is not None and type(meta_val).__name__ == "TensorMetadata":
                    maybe_type_annotation = f': "{_dtype_abbrs.get(str(meta_val.dtype), "?")}[{", ".join(str(d) for d in meta_val.shape)}]"'
            if node.op == "placeholder":
                maybe_default_arg = "" if not node.args else f" = {_get_repr(node.args[0])}"
                free_vars.append(f"{node.target}{maybe_type_annotation}{maybe_default_arg}")
                raw_name = node.target.replace("*", "")
                if raw_name != repr(node):
                    body.append(f"{repr(node)} = {raw_name}\n")
                return
            if node.op == "call_method":
                body.append(f"{repr(node)}{maybe_type_annotation} = {_format_target(_get_repr(node.args[0]), node.target)}"
                            f"({_format_args(node.args[1:], node.kwargs)})")
                return
            if node.op == "call_function":
                op_name = _operator_name(node.target)
                if op_name is not None and op_name in magic_methods:
                    body.append(f"{repr(node)}{maybe_type_annotation} = "
                                f"{magic_methods[op_name].format(*(_get_repr(a) for a in node.args))}")
                    return
                if op_name is not None and op_name in inplace_methods:
                    body.append(f"{inplace_methods[op_name].format(*(_get_repr(a) for a in node.args))};  "
                                f"{repr(node)}{maybe_type_annotation} = {_get_repr(node.args[0])}")
                    return
                qualified_name = _get_qualified_name(node.target)
                global_name = add_global(qualified_name, node.target)
                if (global_name == "getattr" and isinstance(node.args, tuple) and isinstance(node.args[1], str)
                        and node.args[1].isidentifier() and len(node.args) == 2):
                    body.append(f"{repr(node)}{maybe_type_annotation} = {_format_target(_get_repr(node.args[0]), node.args[1])}")
                    return
                body.append(f"{repr(node)}{maybe_type_annotation} = {global_name}({_format_args(node.args, node.kwargs)})")
                if node.meta.get("is_wrapped", False):
                    wrapped_fns.setdefault(global_name)
                return
            if node.op == "call_module":
                body.append(f"{repr(node)}{maybe_type_annotation} = "
                            f"{_format_target(root_module, node.target)}({_format_args(node.args, node.kwargs)})")
                return
            if node.op == "get_attr":
                body.append(f"{repr(node)}{maybe_type_annotation} = {_format_target(root_module, node.target)}")
                return
            if node.op == "output":
                if node.type is not None:
                    maybe_return_annotation[0] = f" -> {type_repr(node.type)}"
                body.append(self.generate_output(node.args[0]))
                return
            raise NotImplementedError(f"node: {node.op} {node.target}")

        for node in nodes:
            if verbose:
                append_stacktrace_summary(node)
            emit_node(node)
            delete_unused_values(node)

        if len(body) == 0:
            body.append("pass\n")
        if len(wrapped_fns) > 0:
            from torch.fx._symbolic_trace import wrap
            wrap_name = add_global("wrap", wrap)
            wrap_stmts = "\n".join([f'{wrap_name}("{name}")' for name in wrapped_fns])
        else:
            wrap_stmts = ""
        if self._body_transformer:
            body = self._body_transformer(body)
        for name, value in self.additional_globals():
            add_global(name, value)
        prologue = self.gen_fn_def(free_vars, maybe_return_annotation[0])
        code = "".join(body).lstrip("\n")
        code = "\n".join("    " + line for line in code.split("\n"))
        fn_code = f"\n{wrap_stmts}\n\n{prologue}\n{code}"
        return PythonCode(fn_code, globals_)


class Graph:
    def __init__(self, owning_module=None, tracer_cls=None, tracer_extras=None):
        self._root = Node(self, "", "root", "", (), {})
        self._used_names = {}
        self._insert = self._root.prepend
        self._len = 0
        self._graph_namespace = _Namespace()
        self._owning_module = owning_module
        self._tracer_cls = tracer_cls
        self._tracer_extras = tracer_extras
        self._codegen = CodeGen()
        self._co_fields = {}

    @property
    def owning_module(self):
        return self._owning_module

    @owning_module.setter
    def owning_module(self, mod):
        self._owning_module = mod

    @property
    def nodes(self):
        return _node_list(self)

    def output_node(self):
        output_node = next(iter(reversed(self.nodes)))
        if output_node.op != "output":
            raise AssertionError()
        return output_node

    def find_nodes(self, *, op, target=None, sort=True):
        out = []
        for n in self.nodes:
            if n.op != op:
                continue
            if op == "call_function" or target is not None:
                if n.target != target:
                    continue
            out.append(n)
        return out

    def graph_copy(self, g, val_map, return_output_node=False):
        for node in g.nodes:
            if node in val_map:
                continue
            if node.op == "output":
                rv = map_arg(node.args[0], lambda n: val_map[n])
                return rv if not return_output_node else (rv, node)
            val_map[node] = self.node_copy(node, lambda n: val_map[n])
        return None

    def __deepcopy__(self, memo=None):
        memo = memo if memo else {}
        g = Graph(tracer_cls=self._tracer_cls)
        output_vals = g.graph_copy(self, val_map=memo, return_output_node=True)
        if output_vals is not None:
            output_val, old_output_node = output_vals
            new_output_node = g.output(output_val, type_expr=getattr(old_output_node, "type", None))
            new_output_node.meta = dict(old_output_node.meta)
        return g

    def create_node(self, op, target, args=None, kwargs=None, name=None, type_expr=None):
        if not args:
            args = ()
        elif not isinstance(args, tuple):
            raise AssertionError("args must be a tuple")
        if not kwargs:
            kwargs = {}
        elif not isinstance(kwargs, dict):
            raise AssertionError("kwargs must be a dict")
        candidate = name if name is not None else self._target_to_str(target)
        name = self._graph_namespace.create_name(candidate, None)
        n = Node(self, name, op, target, args, kwargs, type_expr)
        self._graph_namespace.associate_name_with_obj(name, n)
        self._insert(n)
        self._len += 1
        return n

    def process_inputs(self, *args):
        return self._codegen.process_inputs(*args)

    def process_outputs(self, out):
        return self._codegen.process_outputs(out)

    def erase_node(self, to_erase):
        if len(to_erase.users) > 0:
            raise RuntimeError(f"Tried to erase Node {to_erase} but it still had {len(to_erase.users)} "
                               f"users in the graph: {to_erase.users}!")
        if to_erase.graph is not self:
            raise RuntimeError(f"Attempting to remove {to_erase} from wrong graph!")
        if to_erase._erased:
            warnings.warn(f"erase_node({to_erase}) on an already erased node")
            return
        to_erase._remove_from_list()
        to_erase._erased = True
        self._len -= 1
        to_erase._update_args_kwargs(map_arg(to_erase._args, lambda n: None),
                                     map_arg(to_erase._kwargs, lambda n: None))

    def inserting_before(self, n=None):
        if n is None:
            return self.inserting_after(self._root)
        if n.graph is not self:
            raise AssertionError("Node to insert before is not in graph.")
        return _InsertPoint(self, n.prepend)

    def inserting_after(self, n=None):
        if n is None:
            return self.inserting_before(self._root)
        if n.graph is not self:
            raise AssertionError("Node to insert after is not in graph.")
        return _InsertPoint(self, n.append)

    def placeholder(self, name, type_expr=None, default_value=inspect.Signature.empty):
        args = () if default_value is inspect.Signature.empty else (default_value,)
        return self.create_node("placeholder", name, args=args, type_expr=type_expr)

    def get_attr(self, qualified_name, type_expr=None):
        def _get_attr_reference_exists(mod, qualified_name):
            module_path, _, name = qualified_name.rpartition(".")
            try:
                submod = mod.get_submodule(module_path)
            except AttributeError:
                warnings.warn(f"Failed to fetch module {module_path}!")
                return False
            if not hasattr(submod, name):
                return False
            res = getattr(submod, name)
            if (not isinstance(res, torch.nn.Module) and not isinstance(res, torch.nn.Parameter)
                    and name not in dict(submod.named_buffers(recurse=False))):
                return False
            return True

        if self.owning_module and not _get_attr_reference_exists(self.owning_module, qualified_name):
            warnings.warn("Attempted to insert a get_attr Node with no underlying reference in the owning "
                          "GraphModule! Call GraphModule.add_submodule to add the necessary submodule, "
                          "GraphModule.add_parameter to add the necessary Parameter, or "
                          "nn.Module.register_buffer to add the necessary buffer")
        return self.create_node("get_attr", qualified_name, type_expr=type_expr)

    def call_module(self, module_name, args=None, kwargs=None, type_expr=None):
        if self.owning_module and self.owning_module.get_submodule(module_name) is None:
            warnings.warn("Attempted to insert a call_module Node with no underlying reference in the owning "
                          "GraphModule! Call GraphModule.add_submodule to add the necessary submodule")
        return self.create_node("call_module", module_name, args, kwargs, type_expr=type_expr)

    def call_method(self, method_name, args=None, kwargs=None, type_expr=None):
        return self.create_node("call_method", method_name, args, kwargs, type_expr=type_expr)

    def call_function(self, the_function, args=None, kwargs=None, type_expr=None, name=None):
        return self.create_node("call_function", the_function, args, kwargs, name=name, type_expr=type_expr)

    def node_copy(self, node, arg_transform=lambda x: x):
        args = map_arg(node.args, arg_transform)
        kwargs = map_arg(node.kwargs, arg_transform)
        result_node = self.create_node(node.op, node.target, args, kwargs, node.name, node.type)
        result_node.meta = dict(node.meta)
        return result_node

    def output(self, result, type_expr=None):
        return self.create_node(op="output", target="output", args=(result,), type_expr=type_expr)

    def _target_to_str(self, target):
        if callable(target):
            op = target.__name__
        else:
            op = target
            if _is_magic(op):
                op = op[2:-2]
        return _snake_case(op)

    def python_code(self, root_module, *, verbose=False):
        namespace = _Namespace()

        def node_repr(n):
            return namespace.create_name(n.name, n)

        orig = {}
        for node in self.nodes:
            orig[node] = node._repr_fn
            node._repr_fn = node_repr
        try:
            return self._codegen._gen_python_code(list(self.nodes), root_module, namespace, verbose=verbose)
        finally:
            for node in self.nodes:
                node._repr_fn = orig[node]

    def __str__(self):
        placeholder_names = []
        maybe_return_typename = [""]
        node_strs = [node.format_node(placeholder_names, maybe_return_typename) for node in self.nodes]
        param_str = ", ".join(placeholder_names)
        s = f"graph({param_str}){maybe_return_typename[0]}:"
        for node_str in node_strs:
            if node_str:
                s += "\n    " + node_str
        return s

    def __repr__(self):
        return "<torch.fx.graph.Graph object>"

    def print_tabular(self):
        try:
            from tabulate import tabulate
        except ImportError:
            print("`print_tabular` relies on the library `tabulate`, which could not be found on this machine. "
                  "Run `pip install tabulate` to install the library.")
            raise
        node_specs = [[n.op, n.name, n.target, n.args, n.kwargs] for n in self.nodes]
        print(tabulate(node_specs, headers=["opcode", "name", "target", "args", "kwargs"]))

    def lint(self):
        seen_names = set()
        seen_values = set()

        def check_arg(arg, n=None):
            context_str = f" of Node '{n}' " if n else " "
            if arg.graph is not self:
                raise RuntimeError(
                    f"Argument '{arg}'{context_str}does not belong to this Graph, "
                    f"but was used as an argument! If you are copying nodes from another graph, make "
                    f"sure to use ``arg_transform`` on node_copy() to remap values\n{self}")
            if arg not in seen_values:
                raise RuntimeError(
                    f"Argument '{arg}'{context_str}was used before it has been "
                    f"defined! Please check that Nodes in the graph are topologically ordered\n{self}")

        for node in self.nodes:
            if node.graph is not self:
                raise RuntimeError(f"Node '{node}' does not belong to this Graph!")
            for arg in node._input_nodes:
                check_arg(arg, node)
            seen_values.add(node)
            if node.name in seen_names:
                raise RuntimeError(f"Node redefined name {node.name}!")
            seen_names.add(node.name)

        if self.owning_module:
            for node in self.nodes:
                if node.op == "call_function":
                    if not callable(node.target):
                        raise ValueError(f"Node {node} target {node.target} has type {torch.typename(node.target)} but "
                                         "a Callable is expected")
                elif not isinstance(node.target, str):
                    raise ValueError(f"Node {node} target {node.target} has type {torch.typename(node.target)} but "
                                     "a str is expected")
                if node.op in ("get_attr", "call_module"):
                    target_atoms = node.target.split(".")
                    m_itr = self.owning_module
                    for i, atom in enumerate(target_atoms):
                        new_m_itr = getattr(m_itr, atom, None)
                        seen_qualname = ".".join(target_atoms[:i])
                        if new_m_itr is None:
                            raise RuntimeError(f"Node {node} target {node.target} references nonexistent attribute "
                                               f"{atom} of {seen_qualname}")
                        if node.op == "call_module" and not isinstance(new_m_itr, torch.nn.Module):
                            raise RuntimeError(f"Node {node} target {node.target} {atom} of {seen_qualname} does "
                                               "not reference an nn.Module")
                        m_itr = new_m_itr

    def eliminate_dead_code(self, is_impure_node=None):
        self.lint()

        def has_side_effect(node):
            if is_impure_node is not None:
                return is_impure_node(node)
            return node.is_impure()

        removed = 0
        for node in reversed(self.nodes):
            if not has_side_effect(node) and len(node.users) == 0:
                self.erase_node(node)
                removed += 1
        return removed > 0

    def set_codegen(self, codegen):
        self._codegen = codegen
