# torch.export.export in Kiln: the module runs once under the jit tracer in export mode
# (engine/bindings/export_trace.cpp, reached as torch.fx._kiln.export_trace), which records the aten
# operator each torch call reaches, as PyTorch 2.11's non-strict export records its pre-dispatch
# (training) IR: aten.linear.default, aten.relu_.default, in-place ops kept. This file lifts the
# module's parameters, buffers and tensor constants to placeholders (p_<fqn>, b_<fqn>,
# c_lifted_tensor_<n>) ahead of the user's inputs, turns the traced nodes into a torch.fx Graph
# (arguments laid out as PyTorch's dispatcher hands them to Python: trailing defaults and default
# keyword-only arguments dropped), and resolves dynamic_shapes into symbols and range constraints.
# Sizes are static ints except those of input dims declared dynamic (aten.sym_size.int nodes, their
# arithmetic as operator.* nodes); a tensor's size derived from a dynamic dim elsewhere is baked in.
import hashlib
import operator

import torch
from torch.fx import Graph, GraphModule
from torch.fx import _kiln
from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode
from torch.export.graph_signature import (ExportGraphSignature, InputKind, InputSpec, OutputKind, OutputSpec,
                                          TensorArgument, ConstantArgument)
from torch.export.dynamic_shapes import Dim, _DimHint, ShapesCollection, int_oo

# c10::ScalarType numbers (how a dtype travels in a traced graph) and PyTorch's short dtype names
# (print(ep) annotations: "f32[2, 4]").
_SCALAR_TYPES = {0: torch.uint8, 1: torch.int8, 2: torch.int16, 3: torch.int32, 4: torch.int64, 5: torch.float16,
                 6: torch.float32, 7: torch.float64, 9: torch.complex64, 10: torch.complex128, 11: torch.bool,
                 15: torch.bfloat16}
_SHORT = {torch.uint8: "u8", torch.int8: "i8", torch.int16: "i16", torch.int32: "i32", torch.int64: "i64",
          torch.float16: "f16", torch.float32: "f32", torch.float64: "f64", torch.complex64: "c64",
          torch.complex128: "c128", torch.bool: "b8", torch.bfloat16: "bf16"}

# aten arithmetic on sizes becomes Python arithmetic on SymInts, as PyTorch's graphs show it.
_SYM_ARITH = {"aten::add": operator.add, "aten::sub": operator.sub, "aten::mul": operator.mul,
              "aten::floordiv": operator.floordiv, "aten::floor_divide": operator.floordiv,
              "aten::div": operator.truediv, "aten::remainder": operator.mod, "aten::neg": operator.neg}


class _Symbol:
    # One dynamic size (s0, s1, ...): the Dim it came from and its range.
    def __init__(self, name, lower, upper, dim_name):
        self.name = name
        self.lower = lower
        self.upper = upper
        self.dim_name = dim_name

    def __repr__(self):
        return self.name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        return isinstance(other, _Symbol) and other.name == self.name


class ValueRanges:
    """A symbol's range, printed as PyTorch's VR[lower, upper]."""

    def __init__(self, lower, upper):
        self.lower = lower
        self.upper = upper

    def __repr__(self):
        return f"VR[{self.lower}, {self.upper}]"

    def __eq__(self, other):
        return isinstance(other, ValueRanges) and (self.lower, self.upper) == (other.lower, other.upper)


def _forward_parameter_names(mod):
    fwd = mod.forward
    code = getattr(fwd, "__code__", None)
    if code is None:
        return []
    names = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    if names and names[0] == "self":
        names = names[1:]
    return names


def _bind_arguments(mod, args, kwargs):
    # (name, value, path) per argument of forward, positional then keyword, as export names them.
    names = _forward_parameter_names(mod)
    out = []
    for i, a in enumerate(args):
        out.append((names[i] if i < len(names) else f"arg{i}", a, f"*args[{i}]"))
    for k, v in kwargs.items():
        out.append((k, v, f"**kwargs['{k}']"))
    return out


def _flatten_value(name, value, path, out):
    # Leaves of one argument with their placeholder names (xs_0, d_key) and pytree paths.
    if isinstance(value, torch.Tensor):
        out.append((name, path, value))
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            _flatten_value(f"{name}_{i}", v, f"{path}[{i}]", out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _flatten_value(f"{name}_{k}", v, f"{path}['{k}']", out)
    else:
        out.append((name, path, value))


def _flatten_inputs(mod, args, kwargs):
    out = []
    for name, value, path in _bind_arguments(mod, args, kwargs):
        _flatten_value(name, value, path, out)
    return out


def _flatten_output(value, leaves):
    # The output's structure with tensors replaced by their index in `leaves`.
    if isinstance(value, torch.Tensor):
        leaves.append(value)
        return ("tensor", len(leaves) - 1)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return ("namedtuple", type(value), [_flatten_output(v, leaves) for v in value])
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, [_flatten_output(v, leaves) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, _flatten_output(v, leaves)) for k, v in value.items()])
    if value is None or isinstance(value, (int, float, bool, str)):
        return ("const", value)
    raise RuntimeError(f"torch.export: the module returned a {type(value).__name__}, which Kiln's export cannot "
                       "represent (tensors, numbers, None and tuples/lists/dicts of them are supported)")


def _unflatten_output(spec, leaves):
    kind = spec[0]
    if kind == "tensor":
        return leaves[spec[1]]
    if kind == "namedtuple":
        return spec[1](*[_unflatten_output(s, leaves) for s in spec[2]])
    if kind == "tuple":
        return tuple(_unflatten_output(s, leaves) for s in spec[1])
    if kind == "list":
        return [_unflatten_output(s, leaves) for s in spec[1]]
    if kind == "dict":
        return {k: _unflatten_output(s, leaves) for k, s in spec[1]}
    return spec[1]


# ---- dynamic_shapes -------------------------------------------------------------------------------

def _tensor_dims_spec(spec, t, where):
    # {dim: Dim-or-hint} for one tensor's spec (a dict, or a tuple/list with None for static dims).
    if spec is None:
        return {}
    if isinstance(spec, dict):
        items = spec.items()
    elif isinstance(spec, (tuple, list)):
        items = enumerate(spec)
    else:
        raise RuntimeError(f"Unexpected dynamic_shape {spec!r} of Tensor, try None instead")
    out = {}
    for d, dim in items:
        if dim is None or (isinstance(dim, _DimHint) and dim._name == "STATIC"):
            continue
        if not isinstance(d, int) or d < -t.dim() or d >= t.dim():
            raise RuntimeError(f"Dynamic shape dim {d} of {where} is out of range for a tensor with {t.dim()} dims")
        out[d % t.dim()] = dim
    return out


def _spec_leaves(spec, value, where, out, sources=None, source=None):
    # Walks one argument's spec alongside its value; out gets the spec of each tensor leaf, in order,
    # and sources (when given) the leaf's source name as ShapeEnv sees it: L['x'], L['xs'][0],
    # L['d']['k'] (the forward parameter's name, then pytree's keystr of the path inside it).
    if source is None:
        source = f"L['{where}']"
    if sources is not None and not isinstance(value, (tuple, list, dict)):
        sources.append(source)
    if isinstance(value, torch.Tensor):
        out.append(_tensor_dims_spec(spec, value, where))
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            sub = None if spec is None else spec[i]
            _spec_leaves(sub, v, f"{where}[{i}]", out, sources, f"{source}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            sub = None if spec is None else spec.get(k)
            _spec_leaves(sub, v, f"{where}['{k}']", out, sources, f"{source}[{k!r}]")
    else:
        out.append({})


def _resolve_dynamic_shapes(mod, args, kwargs, dynamic_shapes, leaves):
    # -> per flat input leaf, {dim: _Symbol}; and the range constraints {symbol: ValueRanges}.
    per_leaf = [{} for _ in leaves]
    if dynamic_shapes is None:
        return per_leaf, {}
    if isinstance(dynamic_shapes, ShapesCollection):
        specs = []
        for name, path, v in leaves:
            specs.append(_tensor_dims_spec(dynamic_shapes._shapes[id(v)][1], v, name)
                         if isinstance(v, torch.Tensor) and id(v) in dynamic_shapes._shapes else {})
    else:
        bound = _bind_arguments(mod, args, kwargs)
        specs = []
        if isinstance(dynamic_shapes, dict):
            names = [n for n, _, _ in bound]
            declared = _forward_parameter_names(mod)
            for k in dynamic_shapes:
                # A parameter the example call left at its default may be named with no dynamism.
                if k not in names and not (k in declared and dynamic_shapes[k] is None):
                    raise RuntimeError(
                        f"When `dynamic_shapes` is specified as a dict, its top-level keys must be the arg names "
                        f"{names} of `inputs`, but here they are {list(dynamic_shapes)}.")
            for name, value, path in bound:
                _spec_leaves(dynamic_shapes.get(name), value, name, specs)
        elif isinstance(dynamic_shapes, (tuple, list)):
            if len(dynamic_shapes) != len(bound):
                raise RuntimeError(
                    f"When `dynamic_shapes` is specified as a {type(dynamic_shapes).__name__}, its length must "
                    f"match the number of inputs ({len(bound)}), but here it is {len(dynamic_shapes)}.")
            for (name, value, path), spec in zip(bound, dynamic_shapes):
                _spec_leaves(spec, value, name, specs)
        else:
            raise RuntimeError(f"dynamic_shapes must be a dict, tuple or list, not {type(dynamic_shapes).__name__}")
    # PyTorch's ShapeEnv gives every dynamic dim its own symbol, in input order, numbered by
    # _generate_unique_id: sha256 of the dim's source name (L['x'].size()[0]) modulo 100, the next
    # free number where that one is taken. Dims that share a Dim are then made equal, and the
    # replacement keeps the symbol whose name sorts first (s17 for L['x'] and L['y'] sharing a batch
    # Dim, s77 and s17 apart), so x: {0: batch} alone is s77 whatever else the program holds.
    sources = []
    for name, value, path in _bind_arguments(mod, args, kwargs):
        _spec_leaves(None, value, name, [], sources)
    used_ids = set()
    names_of = {}
    for i, spec in enumerate(specs):
        for d in sorted(spec):
            source = f"{sources[i]}.size()[{d}]" if i < len(sources) else f"L['{leaves[i][0]}'].size()[{d}]"
            ident = int(hashlib.sha256(source.encode()).hexdigest(), 16) % 100
            while ident in used_ids:
                ident += 1
            used_ids.add(ident)
            dim = spec[d]
            key = dim.__name__ if isinstance(dim, Dim) else (i, d)
            names_of.setdefault(key, []).append(f"s{ident}")
    symbols = {}
    ranges = {}
    for i, spec in enumerate(specs):
        for d, dim in spec.items():
            if isinstance(dim, Dim):
                key = dim.__name__
                lower, upper = dim.min, dim.max
            elif isinstance(dim, _DimHint):
                key = (i, d)
                lower = getattr(dim, "min", None)
                upper = getattr(dim, "max", None)
                # a hinted dim is a backed symbol of the ShapeEnv, whose default range starts at 2
                # (sizes 0 and 1 specialize): VR[2, int_oo]; a Dim's own default minimum is 0
                lower = 2 if lower is None else lower
                upper = int_oo if upper is None else upper
            else:
                raise RuntimeError(f"Unexpected dimension mapped to index {d} in input tensor shape {spec}: "
                                   f"expected a Dim, Dim.AUTO, Dim.DYNAMIC or None, got {dim!r}")
            sym = symbols.get(key)
            if sym is None:
                sym = _Symbol(min(names_of[key]), lower, upper, key if isinstance(key, str) else None)
                symbols[key] = sym
                ranges[sym] = ValueRanges(lower, upper)
            size = leaves[i][2].shape[d]
            if size < lower or (upper is not int_oo and size > upper):
                raise RuntimeError(
                    f"Constraints violated ({sym.dim_name or sym.name})! For more information, run with "
                    f"TORCH_LOGS=\"+dynamic\".\n  - Not all values of {sym.dim_name or sym.name} = "
                    f"{leaves[i][1]}.size()[{d}] in the specified range {lower} <= {sym.dim_name or sym.name} <= "
                    f"{upper} are valid because {sym.dim_name or sym.name} was inferred to be a constant ({size}).")
            per_leaf[i][d] = sym
    return per_leaf, ranges


# ---- the graph ------------------------------------------------------------------------------------

_hop_registry = {}
_next_hop = [0]
# The parameters and buffers of the module being exported (torch.cond's closed-over tensors are
# matched to them).
_state_tensors = []


def _same_default(value, default):
    if isinstance(value, (torch.fx.Node, torch.Tensor)) or isinstance(default, torch.Tensor):
        return False
    if type(value) is bool or type(default) is bool:
        return type(value) is type(default) and value == default
    if isinstance(value, (list, tuple)) and isinstance(default, (list, tuple)):
        return len(value) == len(default) and all(_same_default(a, b) for a, b in zip(value, default))
    if isinstance(default, (list, tuple)) and not isinstance(value, (list, tuple)):
        # int[2] defaults given as one int (stride=1) read as the list.
        return all(_same_default(value, b) for b in default)
    try:
        return type(value) is type(default) and value == default
    except Exception:
        return False


def _to_dtype(v):
    return _SCALAR_TYPES.get(v, v) if isinstance(v, int) and not isinstance(v, bool) else v


def _meta_tensor(meta, sym_shape=None):
    # (dtype, sizes) for print(ep); sizes that vary with dynamic dims are their expressions ("2*s0").
    if meta is None:
        return None
    code, sizes = meta
    dtype = _SCALAR_TYPES.get(code)
    if dtype is None:
        return None
    if sym_shape is not None and len(sym_shape) == len(sizes):
        sizes = [e if e is not None else s for e, s in zip(sym_shape, sizes)]
    return (dtype, tuple(sizes))


def _expr_text(expr, symbols):
    # An affine size b + sum(a_j * s_j) as sympy prints it: "s0", "2*s0", "s0 + 1", "s0 + s1 - 1".
    b, coefs = expr
    terms = []
    for j, a in sorted(coefs.items()):
        name = symbols[j].name
        terms.append((name if a == 1 else f"-{name}" if a == -1 else f"{a}*{name}"))
    text = " + ".join(terms).replace("+ -", "- ")
    if b > 0:
        text += f" + {b}"
    elif b < 0:
        text += f" - {-b}"
    return text


class _Converter:
    """Builds a torch.fx Graph from one export_trace result."""

    def __init__(self, graph, root, size_exprs=None, symbols=None, symbol_sources=None, node_shapes=None):
        self.graph = graph
        self.root = root
        self.vals = {}
        self.sym = set()  # ids of values that are SymInts
        self.size_exprs = size_exprs or {}  # size query index -> (b, {symbol index: a})
        self.symbols = symbols or []
        self.symbol_sources = symbol_sources or {}  # symbol index -> (placeholder node, dim)
        self.symbol_nodes = {}
        self.node_shapes = node_shapes or {}  # traced node index -> per output, per dim expression text
        self.node_index = -1
        self.lifted = {}  # id(tensor) -> placeholder
        self.constants = {}  # lifted_tensor_<n> -> tensor
        self.input_specs = []  # CONSTANT_TENSOR specs, in lifting order
        self.lift_before = None

    def convert(self, nodes):
        for rec in nodes:
            self.node(*rec)

    def lift(self, t):
        # A tensor constant the program captured: a placeholder ahead of the user inputs, as PyTorch
        # lifts constants (c_lifted_tensor_<n>, kind CONSTANT_TENSOR).
        ph = self.lifted.get(id(t))
        if ph is not None:
            return ph
        target = f"lifted_tensor_{len(self.constants)}"
        before = self.lift_before
        if before is None:
            before = next((n for n in self.graph.nodes if n.op != "placeholder"), None)
        if before is not None:
            with self.graph.inserting_before(before):
                ph = self.graph.placeholder(f"c_{target}")
        else:
            ph = self.graph.placeholder(f"c_{target}")
        ph.meta["val"] = (t.dtype, tuple(t.shape))
        self.constants[target] = t
        self.lifted[id(t)] = ph
        self.input_specs.append(InputSpec(InputKind.CONSTANT_TENSOR, TensorArgument(ph.name), target))
        return ph

    def lift_all(self, v):
        if isinstance(v, torch.Tensor):
            return self.lift(v)
        if isinstance(v, list):
            return [self.lift_all(x) for x in v]
        if isinstance(v, tuple):
            return tuple(self.lift_all(x) for x in v)
        return v

    def symbol_node(self, j):
        n = self.symbol_nodes.get(j)
        if n is None:
            src, d = self.symbol_sources[j]
            n = self.graph.call_function(torch.ops.aten.sym_size.int, (src, d), name="sym_size_int")
            n.meta["sym"] = self.symbols[j].name
            self.symbol_nodes[j] = n
        return n

    def size_node(self, k):
        # One size the program read that varies with dynamic dims: sym_size.int of the input dims
        # its symbols come from, and the arithmetic relating them.
        b, coefs = self.size_exprs[k]
        acc = None
        for j, a in sorted(coefs.items()):
            term = self.symbol_node(j)
            if a != 1:
                term = self.graph.call_function(operator.mul, (term, a), name="mul")
            acc = term if acc is None else self.graph.call_function(operator.add, (acc, term), name="add")
        if b > 0:
            acc = self.graph.call_function(operator.add, (acc, b), name="add")
        elif b < 0:
            acc = self.graph.call_function(operator.sub, (acc, -b), name="sub")
        acc.meta.setdefault("sym", _expr_text(self.size_exprs[k], self.symbols))
        return acc

    def node(self, kind, overload, ins, outs, constant, schema_args, metas):
        self.node_index += 1
        g = self.graph
        if kind == "prim::Constant":
            self.vals[outs[0]] = constant
            return
        if kind == "prim::ListConstruct":
            self.vals[outs[0]] = [self.vals[i] for i in ins]
            return
        if kind == "prim::TupleConstruct":
            self.vals[outs[0]] = tuple(self.vals[i] for i in ins)
            return
        if kind in ("prim::ListUnpack", "prim::TupleUnpack"):
            src = self.vals[ins[0]]
            for k, o in enumerate(outs):
                if isinstance(src, (list, tuple)):
                    self.vals[o] = src[k]
                else:
                    self.vals[o] = g.call_function(operator.getitem, (src, k), name="getitem")
            return
        if kind == "prim::ExportSym":
            self.vals[outs[0]] = self.size_node(constant)
            self.sym.add(outs[0])
            return
        if kind in ("prim::NumToTensor", "aten::Int", "aten::ScalarImplicit", "aten::Float") and len(ins) == 1 \
                and (ins[0] in self.sym or not isinstance(self.vals[ins[0]], (torch.fx.Node, torch.Tensor))):
            self.vals[outs[0]] = self.vals[ins[0]]
            if ins[0] in self.sym:
                self.sym.add(outs[0])
            return
        if kind in _SYM_ARITH and any(i in self.sym for i in ins):
            def scalar(i):
                v = self.vals[i]
                return v.item() if isinstance(v, torch.Tensor) else v
            args = tuple(scalar(i) for i in ins[:1 if kind == "aten::neg" else 2])
            fn = _SYM_ARITH[kind]
            n = g.call_function(fn, args, name=fn.__name__)
            self.vals[outs[0]] = n
            self.sym.add(outs[0])
            return
        if kind == "prim::ExportHOP":
            self.hop(constant, ins, outs, metas)
            return
        if not kind.startswith("aten::") or not schema_args:
            raise NotImplementedError(f"torch.export: Kiln cannot represent the traced node {kind} in an "
                                      f"exported graph yet")
        name = kind[len("aten::"):]
        packet = getattr(torch.ops.aten, name)
        target = getattr(packet, overload or "default")
        args, kwargs = [], {}
        values = [self.lift_all(self.vals[i]) for i in ins]
        positional = [(a, v) for a, v in zip(schema_args, values) if not a[1]]
        # Trailing positional arguments at their defaults are left out (parseIValuesToPyArgsKwargs).
        while positional and positional[-1][0][2] and _same_default(positional[-1][1], positional[-1][0][3]):
            positional.pop()
        for a, v in positional:
            args.append(_to_dtype(v) if a[4].startswith("ScalarType") else v)
        for a, v in zip(schema_args, values):
            if a[1] and not (a[2] and _same_default(v, a[3])):
                kwargs[a[0]] = _to_dtype(v) if a[4].startswith("ScalarType") else v
        n = g.call_function(target, tuple(args), kwargs, name=name)
        shapes = self.node_shapes.get(self.node_index, [None] * len(outs))
        if len(outs) == 1:
            self.vals[outs[0]] = n
            n.meta["val"] = _meta_tensor(metas[0], shapes[0])
        else:
            for k, o in enumerate(outs):
                gi = g.call_function(operator.getitem, (n, k), name="getitem")
                gi.meta["val"] = _meta_tensor(metas[k], shapes[k])
                self.vals[o] = gi

    def hop(self, tag, ins, outs, metas):
        g = self.graph
        true_gm, false_gm = _hop_registry.pop(tag)
        k = 0
        while hasattr(self.root, f"true_graph_{k}"):
            k += 1
        true_name, false_name = f"true_graph_{k}", f"false_graph_{k}"
        self.root.add_module(true_name, true_gm)
        self.root.add_module(false_name, false_gm)
        t = g.get_attr(true_name)
        f = g.get_attr(false_name)
        pred = self.vals[ins[0]]
        operands = tuple(self.lift_all(self.vals[i]) for i in ins[1:])
        from torch._higher_order_ops.cond import cond_op
        n = g.call_function(cond_op, (pred, t, f, operands), name="cond")
        shapes = self.node_shapes.get(self.node_index, [None] * len(outs))
        for k2, o in enumerate(outs):
            gi = g.call_function(operator.getitem, (n, k2), name="getitem")
            gi.meta["val"] = _meta_tensor(metas[k2], shapes[k2])
            self.vals[o] = gi


def _is_impure(node):
    if node.op in ("placeholder", "output"):
        return True
    if node.op != "call_function":
        return False
    t = node.target
    name = getattr(t, "__name__", "")
    if t is operator.getitem or t in _SYM_ARITH.values():
        return False
    qual = str(t)
    base = qual.split(".")[-2] if qual.count(".") >= 1 else qual
    # In-place and out= ops change their inputs; random ops change the generator.
    return base.endswith("_") or "out" in qual.split(".")[-1] or base in ("dropout", "bernoulli", "rand", "randn",
                                                                          "randint", "normal", "uniform")


def _dce(graph):
    changed = True
    while changed:
        changed = False
        for node in reversed(list(graph.nodes)):
            if not node.users and not _is_impure(node):
                graph.erase_node(node)
                changed = True


def _trace_program(fn, inputs, names, symbolic_sizes):
    return _kiln.export_trace(fn, inputs, names, symbolic_sizes, GuardOnDataDependentSymNode)


def _trace_branch(fn, operands):
    # A torch.cond branch traced on its own; its real results and their structure come back with it.
    results = []
    structure = []

    def run():
        out = fn(*operands)
        structure.append(type(out) if isinstance(out, (tuple, list)) else None)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        # A branch that returns an operand itself hands back a copy, so the outer trace's operand keeps
        # its own value.
        outs = [o.clone() if any(o is a for a in operands) else o for o in outs]
        results.extend(outs)
        return outs

    res = _trace_program(run, list(operands), [f"arg{i}_1" for i in range(len(operands))], [])
    closed_over = [rec[4] for rec in res[0] if rec[0] == "prim::Constant" and isinstance(rec[4], torch.Tensor)]
    return res, results, structure[0], closed_over


def _branch_module(res, operands, extra, closed):
    # The branch as a GraphModule over placeholders arg0_1, ...: the operands, then the tensors either
    # branch closed over (parameters, constants), which torch.cond passes as further operands.
    root = torch.nn.Module()
    graph = Graph()
    conv = _Converter(graph, root)
    for vid, t, i in zip(res[1], operands, range(len(operands))):
        conv.vals[vid] = graph.placeholder(f"arg{i}_1")
        conv.vals[vid].meta["val"] = (t.dtype, tuple(t.shape))
    placeholders = {}
    for k, t in enumerate(extra):
        ph = graph.placeholder(f"arg{len(operands) + k}_1")
        ph.meta["val"] = (t.dtype, tuple(t.shape))
        placeholders[id(t)] = ph
    # This branch's frozen constants, in trace order, stand for the matched tensors' placeholders.
    frozen = [rec[4] for rec in res[0] if rec[0] == "prim::Constant" and isinstance(rec[4], torch.Tensor)]
    for c, t in zip(frozen, closed):
        conv.lifted[id(c)] = placeholders[id(t)]
    conv.convert(res[0])
    graph.output(tuple(conv.lift_all(conv.vals[i]) for i in res[2]))
    _dce(graph)
    # PyTorch's trace_cond makes each branch's graph by re-entering make_fx on a wrapper lambda
    # around the branch, so the GraphModule's class is named '<lambda>' whatever the branch
    # function is called (type(ep.graph_module.true_graph_0).__name__).
    return GraphModule(root, graph, "<lambda>")


def _cond_hook(pred, true_fn, false_fn, operands):
    for o in operands:
        if not isinstance(o, torch.Tensor):
            raise RuntimeError(
                "Expect operands to be a tuple of possibly nested dict/list/tuple that only consists of tensor "
                f"leaves, but got {operands}.")
    true_res, true_out, structure, true_closed = _trace_branch(true_fn, operands)
    false_res, false_out, _, false_closed = _trace_branch(false_fn, operands)
    if len(true_out) != len(false_out):
        raise RuntimeError("Cond doesn't work unless it is captured completely with torch.compile. Got "
                           "true branch and false branch returning a different number of outputs")
    for a, b in zip(true_out, false_out):
        if a.shape != b.shape or a.dtype != b.dtype:
            raise RuntimeError(
                "Expected true_fn and false_fn to return tensors of the same metadata, got "
                f"{tuple(a.shape)} {a.dtype} and {tuple(b.shape)} {b.dtype}")
    # A closed-over tensor comes back from the trace as its frozen constant (a detached alias): it is
    # matched to the parameter or buffer it aliases, so the outer graph passes that placeholder.
    def key(t):
        return (t.data_ptr(), tuple(t.shape), tuple(t.stride()), t.dtype)

    state = {key(t): t for t in _state_tensors}
    extra, seen = [], {}
    for t in true_closed + false_closed:
        k = key(t)
        if k not in seen:
            seen[k] = state.get(k, t)
            extra.append(seen[k])
    true_closed[:] = [seen[key(t)] for t in true_closed]
    false_closed[:] = [seen[key(t)] for t in false_closed]
    true_gm = _branch_module(true_res, operands, extra, true_closed)
    false_gm = _branch_module(false_res, operands, extra, false_closed)
    tag = _next_hop[0]
    _next_hop[0] += 1
    _hop_registry[tag] = (true_gm, false_gm)
    chosen = _kiln.record_hop(tag, [pred] + list(operands) + extra, true_out, false_out)
    # torch.cond returns what the branches return: one tensor, or their tuple/list.
    return chosen[0] if structure is None else structure(chosen)


def _grow(t, dims, delta):
    # `t` with each of `dims` longer by `delta` (repeating the last slice) or shorter: the values stay
    # ones the program saw (indices stay in range).
    for d in dims:
        if delta > 0:
            t = torch.cat([t] + [t.narrow(d, t.shape[d] - 1, 1)] * delta, d)
        else:
            t = t.narrow(d, 0, t.shape[d] + delta)
    return t.contiguous()


def _affine(base, probes, symbols):
    # Per position: None when the value did not move with any symbol, else (b, {j: a}) with
    # value = b + sum(a_j * s_j), from the base run and one run per symbol moved by delta_j.
    exprs = {}
    for k, v0 in enumerate(base):
        coefs = {}
        for j, (log, delta) in enumerate(probes):
            diff = log[k] - v0
            if diff % delta != 0:
                return None
            if diff:
                coefs[j] = diff // delta
        if coefs:
            b = v0 - sum(a * symbols[j].example for j, a in coefs.items())
            exprs[k] = (b, coefs)
    return exprs


def export(mod, args, kwargs=None, *, dynamic_shapes=None, strict=False, preserve_module_call_signature=()):
    """torch.export.export: the module's forward as an ExportedProgram (ATen-level graph)."""
    import sys
    from torch.export.exported_program import ExportedProgram
    import torch._higher_order_ops.cond
    # The module itself: the package's attribute `cond` is the function it re-exports.
    cond_module = sys.modules["torch._higher_order_ops.cond"]
    if not isinstance(mod, torch.nn.Module):
        raise ValueError(f"Expected `mod` to be an instance of `torch.nn.Module`, got {type(mod)}.")
    if not isinstance(args, tuple):
        raise ValueError(f"Expecting `args` to be a tuple of example positional inputs, got {type(args)}")
    kwargs = {} if kwargs is None else kwargs
    if not isinstance(kwargs, dict):
        raise ValueError(f"Expecting `kwargs` to be a dict of example keyword inputs, got {type(kwargs)}")

    leaves = _flatten_inputs(mod, args, kwargs)
    sym_dims, range_constraints = _resolve_dynamic_shapes(mod, args, kwargs, dynamic_shapes, leaves)
    symbols = list(range_constraints.keys())
    for sym in symbols:
        sym.example = None
    for i, dims in enumerate(sym_dims):
        for d, sym in dims.items():
            if sym.example is None:
                sym.example = leaves[i][2].shape[d]

    # Parameters and buffers by first name (a tensor shared under two names is one input).
    seen = set()
    params, buffers = [], []
    for fqn, p in mod.named_parameters():
        if id(p) not in seen:
            seen.add(id(p))
            params.append((fqn, p))
    for fqn, b in mod.named_buffers():
        if id(b) not in seen:
            seen.add(id(b))
            buffers.append((fqn, b))
    persistent = set(mod.state_dict().keys())
    state_inputs = [p for _, p in params] + [b for _, b in buffers]
    state_names = ["p_" + fqn.replace(".", "_") for fqn, _ in params] + \
                  ["b_" + fqn.replace(".", "_") for fqn, _ in buffers]
    n_state = len(state_inputs)
    user_names = [name for name, _, v in leaves if isinstance(v, torch.Tensor)]

    def rebuild(value, mapping):
        if isinstance(value, torch.Tensor):
            return mapping[id(value)]
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return type(value)(*[rebuild(v, mapping) for v in value])
        if isinstance(value, (tuple, list)):
            return type(value)(rebuild(v, mapping) for v in value)
        if isinstance(value, dict):
            return {k: rebuild(v, mapping) for k, v in value.items()}
        return value

    saved = [b.detach().clone() for _, b in buffers]
    was_training = mod.training

    def probe(mapping, symbolic_sizes):
        # The extra runs that find symbolic sizes: what the program prints there is not shown (the
        # export itself runs the program's Python once, as PyTorch's does).
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            return trace_once(mapping, symbolic_sizes)

    def trace_once(mapping, symbolic_sizes):
        # One run on the user tensors `mapping` gives (by the example's id); the run must not change
        # the caller's state, so the user tensors are copies and the buffers are restored after it
        # (export's fake tensors never touch them in PyTorch).
        run_args = rebuild(args, mapping)
        run_kwargs = rebuild(kwargs, mapping)
        user_inputs = []
        for name, path, v in leaves:
            if isinstance(v, torch.Tensor):
                user_inputs.append(mapping[id(v)])
        out_leaves = []
        out_spec = []

        def run():
            out = mod(*run_args, **run_kwargs)
            out_spec.append(_flatten_output(out, out_leaves))
            return list(out_leaves)

        cond_module._export_hook = _cond_hook
        _state_tensors[:] = state_inputs
        try:
            result = _trace_program(run, state_inputs + user_inputs, state_names + user_names, symbolic_sizes)
        finally:
            cond_module._export_hook = None
            _state_tensors.clear()
            with torch.no_grad():
                for (_, b), s in zip(buffers, saved):
                    b.copy_(s)
            mod.train(was_training)
        return result, out_spec[0]

    def copies(grow=None):
        mapping = {}
        for i, (name, path, v) in enumerate(leaves):
            if not isinstance(v, torch.Tensor) or id(v) in mapping:
                continue
            c = v.detach().clone()
            if grow is not None:
                j, delta = grow
                dims = [d for d, sym in sym_dims[i].items() if sym is symbols[j]]
                if dims:
                    c = _grow(c, dims, delta)
            c.requires_grad_(v.requires_grad)
            mapping[id(v)] = c
        return mapping

    size_exprs = {}
    node_shapes = {}
    deltas = [1 if (sym.upper is int_oo or sym.example + 1 <= sym.upper) else -1 for sym in symbols]
    if symbols:
        # Which sizes the program reads vary with the dynamic dims, and how: one run at the example
        # sizes and one per symbol with its dims moved by one; a size that moved is an affine
        # expression of the symbols (PyTorch's ShapeEnv knows these symbolically).
        base, _ = probe(copies(), [])
        probes = [(probe(copies((j, deltas[j])), [])[0][4], deltas[j]) for j in range(len(symbols))]
        _hop_registry.clear()
        if all(len(log) == len(base[4]) for log, _ in probes):
            size_exprs = _affine(base[4], probes, symbols) or {}
    plan = sorted(size_exprs)
    result, out_spec = trace_once(copies(), plan)
    if symbols:
        # The shapes print(ep) shows, found the same way over runs that record the same nodes.
        saved_hops = dict(_hop_registry)
        node_probes = [(probe(copies((j, deltas[j])), plan)[0][0], deltas[j]) for j in range(len(symbols))]
        _hop_registry.clear()
        _hop_registry.update(saved_hops)
        if all(len(nodes) == len(result[0]) for nodes, _ in node_probes):
            for idx, rec in enumerate(result[0]):
                per_out = []
                for o, meta in enumerate(rec[6]):
                    if meta is None:
                        per_out.append(None)
                        continue
                    dims_expr = []
                    for d, v0 in enumerate(meta[1]):
                        logs = []
                        for nodes, delta in node_probes:
                            other = nodes[idx][6][o] if o < len(nodes[idx][6]) else None
                            if other is None or len(other[1]) != len(meta[1]):
                                logs = None
                                break
                            logs.append(([other[1][d]], delta))
                        e = _affine([v0], logs, symbols) if logs is not None else None
                        dims_expr.append(_expr_text(e[0], symbols) if e else None)
                    per_out.append(dims_expr)
                node_shapes[idx] = per_out
    user = [(name, path, v) for name, path, v in leaves]

    nodes, in_ids, out_ids, mutated, _ = result
    root = torch.nn.Module()
    graph = Graph()
    input_specs = []
    # Placeholders: parameters, buffers, lifted constants, user inputs (ExportGraphSignature's order).
    placeholders = []
    for (fqn, p), vid, name in zip(params, in_ids[:len(params)], state_names[:len(params)]):
        ph = graph.placeholder(name)
        ph.meta["val"] = (p.dtype, tuple(p.shape))
        placeholders.append((vid, ph))
        input_specs.append(InputSpec(InputKind.PARAMETER, TensorArgument(ph.name), fqn))
    for (fqn, b), vid, name in zip(buffers, in_ids[len(params):n_state], state_names[len(params):]):
        ph = graph.placeholder(name)
        ph.meta["val"] = (b.dtype, tuple(b.shape))
        placeholders.append((vid, ph))
        input_specs.append(InputSpec(InputKind.BUFFER, TensorArgument(ph.name), fqn, persistent=fqn in persistent))
    user_specs = []
    symbol_sources = {}
    k = 0
    first_user = None
    for i, (name, path, v) in enumerate(user):
        if isinstance(v, torch.Tensor):
            vid = in_ids[n_state + k]
            ph = graph.placeholder(name)
            first_user = first_user or ph
            dims = [_expr_text((0, {symbols.index(sym): 1}), symbols) if d in sym_dims[i] else s
                    for d, s in enumerate(v.shape)]
            for d, sym in sym_dims[i].items():
                symbol_sources.setdefault(symbols.index(sym), (ph, d))
            ph.meta["val"] = (v.dtype, tuple(dims))
            placeholders.append((vid, ph))
            user_specs.append(InputSpec(InputKind.USER_INPUT, TensorArgument(ph.name), None))
            k += 1
        else:
            # A non-tensor input keeps a placeholder (no users: its value is baked into the graph),
            # as PyTorch's export lifts every pytree leaf of the inputs; None is no leaf.
            if v is not None:
                ph = graph.placeholder(name)
                ph.meta["val"] = v
            user_specs.append(InputSpec(InputKind.USER_INPUT, ConstantArgument(name, v), None))
    conv = _Converter(graph, root, size_exprs, symbols, symbol_sources, node_shapes)
    conv.lift_before = first_user
    for vid, ph in placeholders:
        conv.vals[vid] = ph
    conv.convert(nodes)
    input_specs = input_specs + conv.input_specs + user_specs

    output_specs = []
    outputs = []
    # PyTorch 2.11's export returns the training IR, which is not functionalized: an in-place update
    # of a parameter, buffer or input stays an in-place node (with no users) and the graph has no
    # mutation outputs (buffers_to_mutate is {}). run_decompositions() functionalizes, and only then
    # do the final values become PARAMETER/BUFFER/USER_INPUT_MUTATION outputs: they are kept here for it.
    mutations = []
    for i, vid in mutated:
        node = conv.vals[vid]
        if i < len(params):
            mutations.append((OutputKind.PARAMETER_MUTATION, node, params[i][0]))
        elif i < n_state:
            mutations.append((OutputKind.BUFFER_MUTATION, node, buffers[i - len(params)][0]))
        else:
            mutations.append((OutputKind.USER_INPUT_MUTATION, node, user_names[i - n_state]))
    for vid in out_ids:
        node = conv.vals[vid]
        if isinstance(node, torch.Tensor):
            node = conv.lift(node)
        outputs.append(node)
        if isinstance(node, torch.fx.Node):
            output_specs.append(OutputSpec(OutputKind.USER_OUTPUT, TensorArgument(node.name), None))
        else:
            output_specs.append(OutputSpec(OutputKind.USER_OUTPUT, ConstantArgument("", node), None))
    graph.output(tuple(outputs))
    _dce(graph)

    gm = GraphModule(root, graph)
    gm.__class__.__name__ = "GraphModule"
    signature = ExportGraphSignature(input_specs, output_specs)
    state_dict = {}
    for fqn, p in params:
        state_dict[fqn] = p
    for fqn, b in buffers:
        if fqn in persistent:
            state_dict[fqn] = b
    non_persistent = {fqn: b for fqn, b in buffers if fqn not in persistent}
    return ExportedProgram(
        root=gm, graph=graph, graph_signature=signature, state_dict=state_dict,
        range_constraints=range_constraints, constants={**conv.constants, **non_persistent},
        example_inputs=(args, kwargs), in_spec=[(name, path, isinstance(v, torch.Tensor), v)
                                                for name, path, v in leaves],
        out_spec=out_spec, sym_dims=sym_dims, module_type=type(mod), training=mod.training,
        arg_names=_forward_parameter_names(mod),
        arg_order=[(name, path) for name, _, path in _bind_arguments(mod, args, kwargs)], mutations=mutations)
