# torch.ops: operator namespaces, overload packets and overloads, as PyTorch's torch/_ops.py names
# and prints them.
#
#   torch.ops.aten            an _OpNamespace
#   torch.ops.aten.add        an OpOverloadPacket  (str: aten.add, repr: <OpOverloadPacket(op='aten.add')>)
#   torch.ops.aten.add.Tensor an OpOverload        (str: aten.add.Tensor,
#                                                  repr: <OpOverload(op='aten.add', overload='Tensor')>)
#
# The aten (and prim) operators are Kiln's op table (graph/op_registry.h): torch._kiln_op_overloads
# lists an operator's overloads with their schema text, torch._kiln_call_op binds Python arguments to
# a schema and runs its kernel (bindings/ops_py.cpp). A packet call tries the overloads in the
# table's order, as PyTorch's packet tries its schemas. Operators defined through torch.library
# (torch/library.py) live in _CUSTOM below and are called in Python, by the kernel registered for the
# inputs' device. Packets and overloads are made once and cached on their parent, so
# `torch.ops.aten.add is torch.ops.aten.add`, and they hash and compare by identity as PyTorch's do.
import torch

# qualified name "ns::op" -> {overload name ("" for default): torch.library's _CustomOperator}
_CUSTOM = {}


def _split_top(text, sep=","):
    # Splits on `sep` outside brackets and parentheses.
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


class Argument:
    # One schema argument (torch._C.Argument): name, type (its text), default_value, kwarg_only.
    def __init__(self, name, type_text, default_text, kwarg_only, is_write):
        self.name = name
        self.type = type_text
        self._default_text = default_text
        self.kwarg_only = kwarg_only
        self.is_write = is_write
        self.alias_info = None
        self.default_value = _parse_default(default_text) if default_text is not None else None

    def has_default_value(self):
        return self._default_text is not None

    def __str__(self):
        s = f"{self.type} {self.name}" if self.name else self.type
        if self._default_text is not None:
            if self.type.rstrip("?") == "float" and isinstance(self.default_value, float):
                s += "=" + _double_text(self.default_value)
            else:
                s += "=" + self._default_text
        return s

    __repr__ = __str__


def _double_text(d):
    # A double IValue as the schema printer writes it: integral values as "2." ("-0." for -0.0),
    # anything else with max_digits10 (17) significant digits, as C++'s ostream prints them.
    import math
    if math.isfinite(d) and abs(d) < 1e10 and d == int(d):
        return ("-0." if d == 0 and math.copysign(1.0, d) < 0 else f"{int(d)}.")
    return format(d, ".17g")


def _parse_default(text):
    if text == "None":
        return None
    if text == "True":
        return True
    if text == "False":
        return False
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        pass
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [_parse_default(p) for p in _split_top(inner)] if inner else []
    if len(text) >= 2 and text[0] in "'\"" and text[-1] == text[0]:
        return text[1:-1]
    return text


def _parse_arg(text, kwarg_only):
    default = None
    if "=" in text:
        text, default = text.split("=", 1)
        text, default = text.strip(), default.strip()
    pieces = text.rsplit(" ", 1)
    type_text, name = (pieces[0].strip(), pieces[1].strip()) if len(pieces) == 2 else (pieces[0].strip(), "")
    return Argument(name, type_text, default, kwarg_only, "!" in type_text)


class FunctionSchema:
    # torch._C.FunctionSchema for a schema string "ns::name.overload(args) -> returns": name,
    # overload_name, arguments, returns; str() gives the schema back as written.
    def __init__(self, text):
        text = text.strip()
        self._text = text
        open_ = text.index("(")
        head = text[:open_]
        depth, close = 0, -1
        for i in range(open_, len(text)):
            if text[i] == "(":
                depth += 1
            elif text[i] == ")":
                depth -= 1
                if depth == 0:
                    close = i
                    break
        if close < 0:
            raise RuntimeError(f"Expected ')' but found end of source in schema: {text}")
        if "." in head:
            self.name, self.overload_name = head.split(".", 1)
        else:
            self.name, self.overload_name = head, ""
        self.arguments = []
        kwarg_only = False
        printed = []
        for part in _split_top(text[open_ + 1:close]):
            if part == "*":
                kwarg_only = True
                printed.append(part)
                continue
            arg = _parse_arg(part, kwarg_only)
            self.arguments.append(arg)
            # float defaults print as the schema printer writes doubles ("2.0" parses, "2." prints)
            printed.append(str(arg) if arg.type.rstrip("?") == "float" and arg.has_default_value() else part)
        self._text = f"{head}({', '.join(printed)}){text[close + 1:]}"
        rest = text[close + 1:].strip()
        if not rest.startswith("->"):
            raise RuntimeError(f"Expected '->' after the arguments of schema: {text}")
        ret = rest[2:].strip()
        if ret.startswith("(") and ret.endswith(")"):
            items = _split_top(ret[1:-1])
        else:
            items = [ret]
        self.returns = [_parse_arg(r, False) for r in items if r]
        self.is_mutable = any(a.is_write for a in self.arguments)

    def __str__(self):
        return self._text

    def __repr__(self):
        return self._text


def _qualified(schema):
    return schema.name + ("." + schema.overload_name if schema.overload_name else "")


def _dots(qualified):
    return qualified.replace("::", ".")


def _overriding_types(args, kwargs):
    # The types among the arguments (lists and tuples looked into) that override torch functions
    # (__torch_function__: torch.fx Proxies, tensor-like classes), in first-seen order, as PyTorch's
    # handle_torch_function collects them before an operator runs.
    found = []

    def visit(v):
        if isinstance(v, (list, tuple)):
            for x in v:
                visit(x)
        elif not isinstance(v, torch.Tensor) and hasattr(type(v), "__torch_function__"):
            if type(v) not in found:
                found.append(type(v))

    visit(args)
    visit(list(kwargs.values()))
    return found


def _maybe_torch_function(func, args, kwargs):
    overriding = _overriding_types(args, kwargs)
    if not overriding:
        return False, None
    types_ = tuple(overriding)
    for t in overriding:
        result = t.__torch_function__(func, types_, args, kwargs)
        if result is not NotImplemented:
            return True, result
    raise TypeError(f"no implementation found for '{func}' on types that implement __torch_function__: "
                    f"{[t for t in overriding]}")


class OpOverload:
    def __init__(self, packet, overload, schema):
        self._overloadpacket = packet
        self._kiln_overload = overload  # "" for the default overload
        self._overloadname = overload if overload else "default"
        self._schema = schema
        self._name = _qualified(schema)
        self._op = self
        self.__name__ = f"{packet.__name__}.{self._overloadname}"
        self.__module__ = packet.__module__
        self.__qualname__ = self._name
        self.namespace = packet._namespace

    @property
    def overloadpacket(self):
        return self._overloadpacket

    @property
    def op(self):
        return self

    def name(self):
        return self._name

    def __repr__(self):
        return f"<OpOverload(op='{_dots(self._overloadpacket._qualified_op_name)}', overload='{self._overloadname}')>"

    def __str__(self):
        return f"{_dots(self._overloadpacket._qualified_op_name)}.{self._overloadname}"

    def __call__(self, *args, **kwargs):
        handled, result = _maybe_torch_function(self, args, kwargs)
        if handled:
            return result
        # __torch_dispatch__: a TorchDispatchMode or a subclass argument (bindings/torch_dispatch.cpp)
        handled, result = torch._kiln_torch_dispatch(self, args, kwargs)
        if handled:
            return result
        return self._overloadpacket._dispatch([self._kiln_overload], args, kwargs)

    def redispatch(self, keyset, *args, **kwargs):
        return self(*args, **kwargs)

    def decompose(self, *args, **kwargs):
        return NotImplemented


class OpOverloadPacket:
    def __init__(self, namespace, op_name, overload_names):
        self._namespace = namespace
        self._qualified_op_name = f"{namespace}::{op_name}"
        self.__name__ = op_name
        self.__module__ = f"torch.ops.{namespace}"
        self._kiln_overloads = list(overload_names)
        self._dir = []

    @property
    def op(self):
        return self

    def __repr__(self):
        return f"<OpOverloadPacket(op='{_dots(self._qualified_op_name)}')>"

    def __str__(self):
        return _dots(self._qualified_op_name)

    def overloads(self):
        return [n if n else "default" for n in self._kiln_overloads]

    def __getattr__(self, key):
        if key == "__file__":
            return "torch.ops"
        if key.startswith("__"):
            raise AttributeError(f"'{str(self)}' can't have an overload name beginning with '__' and the underlying op "
                                 f"{str(self)} has no attribute {key} either.")
        use_key = "" if key == "default" else key
        schema = self._schema_of(use_key)
        if schema is None:
            raise AttributeError(f"The underlying op of '{str(self)}' has no overload name '{key}'")
        overload = OpOverload(self, use_key, schema)
        object.__setattr__(self, key, overload)
        self._dir.append(key)
        return overload

    def _schema_of(self, overload):
        custom = _CUSTOM.get(self._qualified_op_name)
        if custom is not None:
            op = custom.get(overload)
            return op.schema if op is not None else None
        for name, text in torch._kiln_op_overloads(self._qualified_op_name):
            if name == overload:
                return FunctionSchema(text)
        return None

    def _dispatch(self, overloads, args, kwargs):
        custom = _CUSTOM.get(self._qualified_op_name)
        if custom is not None:
            errors = []
            for ov in overloads:
                op = custom.get(ov)
                if op is None:
                    continue
                try:
                    bound = op.bind(args, kwargs)
                except TypeError as e:
                    errors.append(str(e))
                    continue
                return op.run(bound)
            if len(errors) == 1:
                raise RuntimeError(errors[0])
            raise RuntimeError("Overloaded torch operator invoked from Python failed to match any schema:\n"
                               + "\n\n".join(errors))
        return torch._kiln_call_op(self._qualified_op_name, overloads, args, kwargs)

    def __call__(self, *args, **kwargs):
        handled, result = _maybe_torch_function(self, args, kwargs)
        if handled:
            return result
        return self._dispatch(self._kiln_overloads, args, kwargs)


class _OpNamespace:
    def __init__(self, name):
        self.name = name
        self.__name__ = f"torch.ops.{name}"
        self._dir = []

    def __repr__(self):
        return f"<module 'torch.ops.{self.name}' from 'torch._ops.py'>"

    def __iter__(self):
        return iter(self._dir)

    def __getattr__(self, op_name):
        # As PyTorch's: dunder names are operators too (aten::__rshift__, aten::__and__); a probe
        # such as copy's __deepcopy__ finds no operator and gets the AttributeError below.
        if op_name == "__file__":
            return "torch.ops"
        if op_name in ("__origin__", "__self__"):
            raise AttributeError(f"Invalid attribute '{op_name}' for '_OpNamespace' '{self.name}'")
        qualified = f"{self.name}::{op_name}"
        if self.name in _PYTHON_NAMESPACES:
            __import__(_PYTHON_NAMESPACES[self.name][0])
            getattr(__import__("sys").modules[_PYTHON_NAMESPACES[self.name][0]], _PYTHON_NAMESPACES[self.name][1])()
        custom = _CUSTOM.get(qualified)
        if custom is not None:
            names = list(custom.keys())
        else:
            names = [n for n, _ in torch._kiln_op_overloads(qualified)]
        if not names:
            raise AttributeError(f"'_OpNamespace' '{self.name}' object has no attribute '{op_name}'")
        packet = OpOverloadPacket(self.name, op_name, names)
        object.__setattr__(self, op_name, packet)
        self._dir.append(op_name)
        return packet


_NAMESPACES = {}

# Namespaces whose operators Kiln defines in Python modules (torch.library), registered on first
# lookup: namespace -> (module, its registering function).
_PYTHON_NAMESPACES = {"profiler": ("torch.profiler", "_ensure_profiler_ops")}


def namespace(name):
    ns = _NAMESPACES.get(name)
    if ns is None:
        ns = _OpNamespace(name)
        _NAMESPACES[name] = ns
    return ns


def _forget(qualified):
    # A library's operator removed or redefined: drop the cached packet so the next lookup sees it.
    ns_name, op_name = qualified.split("::", 1)
    ns = _NAMESPACES.get(ns_name)
    if ns is not None and op_name in ns.__dict__:
        delattr(ns, op_name)
        if op_name in ns._dir:
            ns._dir.remove(op_name)
