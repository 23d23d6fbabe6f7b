# torch.export.ExportedProgram: the exported graph (graph_module / graph, parameters and buffers as
# placeholders), its ExportGraphSignature, state_dict, constants and range_constraints, printed as
# PyTorch 2.11 prints it; module() gives back a callable GraphModule with the state as attributes
# that checks its inputs against the export's shapes (PyTorch's messages: RuntimeError for a static
# size or a range, AssertionError "Guard failed: ..." for sizes declared equal), and
# run_decompositions() lowers the training IR towards core ATen (in-place ops made functional, the
# composite linear decomposed as PyTorch's table does).
import operator

import torch
from torch.fx import Graph, GraphModule
from torch.export.graph_signature import (ExportGraphSignature, InputKind, InputSpec, OutputKind, OutputSpec,
                                          TensorArgument)
from torch.export.dynamic_shapes import int_oo

__all__ = ["ExportedProgram", "ModuleCallSignature", "ModuleCallEntry"]


class ModuleCallSignature:
    def __init__(self, inputs, outputs, in_spec=None, out_spec=None):
        self.inputs = inputs
        self.outputs = outputs
        self.in_spec = in_spec
        self.out_spec = out_spec


class ModuleCallEntry:
    def __init__(self, fqn, signature=None):
        self.fqn = fqn
        self.signature = signature


def _short(dtype):
    from torch.export._trace import _SHORT
    return _SHORT.get(dtype, str(dtype).replace("torch.", ""))


def _annotation(node, sym_names):
    if "sym" in node.meta:
        return f"Sym({node.meta['sym']})"
    val = node.meta.get("val")
    if not isinstance(val, tuple) or len(val) != 2:
        return None
    dtype, shape = val
    dims = [sym_names.get((node.name, d), str(s)) for d, s in enumerate(shape)]
    return f'{_short(dtype)}[{", ".join(dims)}]'


def _readable(gm, name, sym_names):
    # print_readable's text: the generated forward with each value's dtype and shape annotated.
    lines = gm.code.strip("\n").split("\n")
    annotated = {}
    params = []
    for node in gm.graph.nodes:
        ann = _annotation(node, sym_names)
        if node.op == "placeholder":
            params.append(f'{node.name}: "{ann}"' if ann else node.name)
        elif ann:
            annotated[node.name] = ann
    out = [f"class {name}(torch.nn.Module):"]
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("def forward("):
            out.append("    def forward(self" + "".join(", " + p for p in params) + "):")
            continue
        head = stripped.split(" = ", 1)[0]
        if head in annotated and line.startswith("    "):
            line = f'    {head}: "{annotated[head]}" = ' + stripped.split(" = ", 1)[1]
        out.append("    " + line if line else line)
    for sub_name, sub in gm.named_children():
        if isinstance(sub, GraphModule):
            out.append("        ")
            sub_text = _readable(sub, sub_name, {})
            out.extend("    " + l for l in sub_text.split("\n"))
    return "\n".join(out)


class _UnliftedCheck:
    # The input checks of ep.module(): PyTorch's _check_input_constraints pre-hook (static sizes and
    # ranges) and its _guards_fn (sizes declared equal by sharing a Dim).
    def __init__(self, in_spec, sym_dims, ranges, arg_names, arg_order):
        self.in_spec = in_spec
        self.sym_dims = sym_dims
        self.ranges = ranges
        self.arg_names = arg_names
        self.arg_order = arg_order  # (name, path) of each argument of the example call

    def flatten(self, args, kwargs):
        # The call's arguments bound by name as the export's were (a tensor exported as a keyword
        # may be passed by position and the other way round), flattened in the export's order.
        from torch.export._trace import _flatten_value
        names = self.arg_names
        given = {}
        for i, a in enumerate(args):
            given[names[i] if i < len(names) else f"arg{i}"] = a
        for k, v in kwargs.items():
            if k in given:
                raise TypeError(f"forward() got multiple values for argument '{k}'")
            given[k] = v
        leaves = []
        for name, path in self.arg_order:
            if name not in given:
                raise TypeError(f"forward() missing 1 required positional argument: '{name}'")
            _flatten_value(name, given.pop(name), path, leaves)
        if given:
            raise TypeError(f"forward() got an unexpected keyword argument '{next(iter(given))}'")
        if len(leaves) != len(self.in_spec):
            raise ValueError(
                f"Trying to flatten user inputs with exported input tree spec: expected {len(self.in_spec)} "
                f"leaves ({', '.join(n for n, _, _, _ in self.in_spec)}), but got {len(leaves)}")
        return leaves

    def guards(self, leaves):
        # ep.module()'s _guards_fn (PyTorch 2.9+, torch/export/_unlift.py _get_input_guards_for_graph):
        # one torch._assert per check, in placeholder order, each failing with AssertionError
        # "Guard failed: <check>" written over the argument names (x.size()[0] <= 32, xs[1].size()[2]
        # == 3, temperature == 2.0). Per tensor dim: a static size must be equal; the first dim of a
        # symbol checks its range (the lower bound only above 2, as export lets 0/1 through), a later
        # dim of the same symbol must equal the first. A number or string input must be equal to the
        # example; None has no placeholder.
        import math
        first = {}
        for (name, path, is_tensor, example), (_, _, value) in zip(self.in_spec, leaves):
            src = self._shadow(path)
            if not is_tensor:
                if example is None or not isinstance(example, (int, float, str)):
                    continue
                if isinstance(example, str):
                    text = f"{src} == {example!r}"
                elif isinstance(example, float) and math.isinf(example):
                    text = f"{src} == {'-' if example < 0 else ''}math.inf"
                else:
                    text = f"{src} == {example}"
                if not value == example:
                    raise AssertionError(f"Guard failed: {text}")
                continue
            syms = self.sym_dims[self.in_spec.index((name, path, is_tensor, example))]
            for d in range(example.dim()):
                # args[i].size()[d] in the generated code: a non-tensor has no .size, a tensor of
                # fewer dims no index d.
                if not isinstance(value, torch.Tensor):
                    raise AttributeError(f"'{type(value).__name__}' object has no attribute 'size'")
                if d >= value.dim():
                    raise IndexError("tuple index out of range")
                dim_src = f"{src}.size()[{d}]"
                actual = value.shape[d]
                sym = syms.get(d)
                if sym is None:
                    if actual != example.shape[d]:
                        raise AssertionError(f"Guard failed: {dim_src} == {example.shape[d]}")
                    continue
                if sym.name in first:
                    orig_src, orig_size = first[sym.name]
                    if actual != orig_size:
                        raise AssertionError(f"Guard failed: {dim_src} == {orig_src}")
                    continue
                first[sym.name] = (dim_src, actual)
                if sym.lower > 2 and actual < sym.lower:
                    raise AssertionError(f"Guard failed: {dim_src} >= {sym.lower}")
                if sym.upper is not int_oo and actual > sym.upper:
                    raise AssertionError(f"Guard failed: {dim_src} <= {sym.upper}")

    def _shadow(self, path):
        # A leaf's path over its argument's name: *args[0][1] of argument xs -> xs[1].
        for name, arg_path in self.arg_order:
            if path == arg_path or (path.startswith(arg_path) and path[len(arg_path)] == "["):
                return name + path[len(arg_path):]
        return path

    def check(self, leaves):
        # module(check_guards=False): PyTorch's _check_input_constraints_for_graph pre-hook, whose
        # failures are RuntimeErrors naming the input by get_keystr (*args[0], or a keyword's name).
        # Symbols unify with the first dim that has them; later dims must equal it. The lower bound
        # is checked only above 2 (export lets 0/1 through).
        import math
        unified = {}
        for i, ((name, path, is_tensor, example), (_, _, value)) in enumerate(zip(self.in_spec, leaves)):
            where = path
            if path.startswith("**kwargs['"):
                key_end = path.index("']")
                # get_keystr drops the brackets of the keyword's MappingKey, keeping its repr: 'scale'
                where = path[len("**kwargs["):key_end + 1] + path[key_end + 2:]
            if not is_tensor:
                if example is None or not isinstance(example, (int, float, str)):
                    continue
                if type(value) is not type(example):
                    raise RuntimeError(f"Expected input at {where} to be equal to {example}, but got {value}")
                if isinstance(example, float) and math.isnan(example):
                    if not math.isnan(value):
                        raise RuntimeError(f"Expected input at {where} to be nan, but got {value}")
                elif value != example:
                    raise RuntimeError(f"Expected input at {where} to be equal to {example}, but got {value}")
                continue
            if not isinstance(value, torch.Tensor):
                raise RuntimeError(f"Expected input at {where} to be a tensor, but got {type(value)}")
            syms = self.sym_dims[i]
            if value.dim() != example.dim():
                # the placeholder's shape as its meta value holds it: a dynamic dim prints its symbol
                expected = ", ".join(syms[d].name if syms.get(d) is not None else str(example.shape[d])
                                     for d in range(example.dim()))
                raise RuntimeError(f"Unexpected number of dimensions in input at {where}.shape "
                                   f"(expected torch.Size([{expected}]), got {value.shape})")
            for d in range(value.dim()):
                actual = value.shape[d]
                sym = syms.get(d)
                if sym is None:
                    if actual != example.shape[d]:
                        raise RuntimeError(
                            f"Expected input at {where}.shape[{d}] to be equal to {example.shape[d]}, but got "
                            f"{actual}. If you meant for this dimension to be dynamic, please re-export and "
                            "specify dynamic_shapes (e.g. with Dim.DYNAMIC)")
                    continue
                if sym.name in unified:
                    if actual != unified[sym.name]:
                        raise RuntimeError(f"Expected input at {where}.shape[{d}] to be equal to "
                                           f"{unified[sym.name]}, but got {actual}")
                else:
                    unified[sym.name] = actual
                if sym.lower > 2 and actual < sym.lower:
                    raise RuntimeError(f"Expected input at {where}.shape[{d}] to be >= {sym.lower}, but got {actual}")
                if sym.upper is not int_oo and actual > sym.upper:
                    raise RuntimeError(f"Expected input at {where}.shape[{d}] to be <= {sym.upper}, but got {actual}")


class ExportedProgram:
    """A module's forward as an ATen-level graph with lifted state (torch.export.export's result)."""

    def __init__(self, root, graph, graph_signature, state_dict, range_constraints, constants=None,
                 example_inputs=None, in_spec=None, out_spec=None, sym_dims=None, module_type=None,
                 training=True, arg_names=None, verifiers=None, arg_order=None, mutations=None):
        self._graph_module = root
        self._graph_signature = graph_signature
        self._state_dict = state_dict
        self._range_constraints = range_constraints
        self._constants = constants or {}
        self._example_inputs = example_inputs
        self._in_spec = in_spec or []
        self._out_spec = out_spec
        self._sym_dims = sym_dims or [{} for _ in self._in_spec]
        self._module_type = module_type
        self._training = training
        self._arg_names = arg_names or []
        self._arg_order = arg_order or []
        self._module_call_graph = [ModuleCallEntry("", ModuleCallSignature([], []))]
        self._verifiers = verifiers
        # (OutputKind, node, target) of each state or input the training IR updates in place; they
        # become mutation outputs when run_decompositions() functionalizes the graph.
        self._mutations = mutations or []

    @property
    def graph_module(self):
        return self._graph_module

    @property
    def graph(self):
        return self._graph_module.graph

    @property
    def graph_signature(self):
        return self._graph_signature

    @property
    def state_dict(self):
        return self._state_dict

    @property
    def range_constraints(self):
        return self._range_constraints

    @property
    def constants(self):
        return self._constants

    @property
    def tensor_constants(self):
        return self._constants

    @property
    def example_inputs(self):
        return self._example_inputs

    @property
    def module_call_graph(self):
        return self._module_call_graph

    @property
    def dialect(self):
        return "TRAINING"

    @property
    def call_spec(self):
        return None

    @property
    def verifier(self):
        return None

    def parameters(self):
        for _, p in self.named_parameters():
            yield p

    def named_parameters(self):
        for name in self._graph_signature.parameters:
            yield name, self._state_dict[name]

    def buffers(self):
        for _, b in self.named_buffers():
            yield b

    def named_buffers(self):
        for name in self._graph_signature.buffers:
            if name in self._state_dict:
                yield name, self._state_dict[name]
            else:
                yield name, self._constants[name]

    def __call__(self, *args, **kwargs):
        raise RuntimeError("Unable to call ExportedProgram directly. You should use `exported_program.module()` "
                           "instead.")

    def _sym_names(self):
        names = {}
        ph = [n for n in self.graph.nodes if n.op == "placeholder"]
        user = [n for n, s in zip(ph, self._graph_signature.input_specs) if s.kind == InputKind.USER_INPUT]
        # Every input leaf but None has a placeholder (tensors and the constants export keeps).
        leaves = [i for i, leaf in enumerate(self._in_spec) if leaf[2] or leaf[3] is not None]
        for node, i in zip(user, leaves):
            for d, sym in self._sym_dims[i].items():
                names[(node.name, d)] = sym.name
        return names

    def __str__(self):
        graph_module = _readable(self._graph_module, "GraphModule", self._sym_names()).replace("\n", "\n    ")
        graph_signature = str(self._graph_signature).replace("\n", "\n    ")
        ranges = "{" + ", ".join(f"{k}: {v}" for k, v in self._range_constraints.items()) + "}"
        return ("ExportedProgram:\n"
                f"    {graph_module}\n"
                f"Graph signature: {graph_signature}\n"
                f"Range constraints: {ranges}\n")

    def __repr__(self):
        return self.__str__()

    def module(self, check_guards=True):
        """A callable GraphModule: the state as attributes, the original calling convention and output
        structure, the export's input checks."""
        from torch.export._trace import _unflatten_output
        holder = torch.nn.Module()
        sig = self._graph_signature
        graph = Graph()
        env = {}
        user_names = []
        for node, spec in zip([n for n in self.graph.nodes if n.op == "placeholder"], sig.input_specs):
            if spec.kind == InputKind.USER_INPUT:
                env[node] = graph.placeholder(node.name)
                user_names.append(node.name)
                continue
            target = spec.target
            if spec.kind == InputKind.PARAMETER:
                value = self._state_dict[target]
            elif spec.kind == InputKind.BUFFER:
                value = self._state_dict[target] if target in self._state_dict else self._constants[target]
            else:
                value = self._constants[target]
            *prefix, field = target.split(".")
            owner = holder
            for part in prefix:
                sub = getattr(owner, part, None)
                if sub is None:
                    sub = torch.nn.Module()
                    owner.add_module(part, sub)
                owner = sub
            if spec.kind == InputKind.PARAMETER:
                owner.register_parameter(field, value if isinstance(value, torch.nn.Parameter)
                                         else torch.nn.Parameter(value))
            elif spec.kind == InputKind.BUFFER:
                owner.register_buffer(field, value, persistent=bool(spec.persistent))
            else:
                setattr(owner, field, value)
            env[node] = graph.get_attr(target)
        for name, sub in self._graph_module.named_children():
            holder.add_module(name, sub)
        n_mut = sum(1 for s in sig.output_specs if s.kind != OutputKind.USER_OUTPUT)
        # The state a mutation output writes back to: its get_attr, or the user input's placeholder.
        by_target = {}
        for node, spec in zip([n for n in self.graph.nodes if n.op == "placeholder"], sig.input_specs):
            by_target[spec.target if spec.kind != InputKind.USER_INPUT else node.name] = env[node]
        for node in self.graph.nodes:
            if node.op == "placeholder":
                continue
            if node.op == "output":
                # PyTorch's _insert_copy_for_mutations: each mutation output is copied into its
                # target with aten.copy_ before the return; a user output that is the same value
                # returns the copy.
                copies = {}
                for spec, value in zip(sig.output_specs[:n_mut], node.args[0][:n_mut]):
                    if isinstance(value, torch.fx.Node) and spec.target in by_target:
                        copies[value] = graph.call_function(torch.ops.aten.copy_.default,
                                                            (by_target[spec.target], env[value]))
                outs = node.args[0][n_mut:]
                graph.output(tuple(copies.get(o, env[o]) if isinstance(o, torch.fx.Node) else o for o in outs))
                continue
            env[node] = graph.node_copy(node, lambda n: env[n])
        gm = GraphModule(holder, graph)
        gm.__class__.__name__ = "GraphModule"
        check = _UnliftedCheck(self._in_spec, self._sym_dims, self._range_constraints, self._arg_names,
                               self._arg_order)
        out_spec = self._out_spec

        def pre_hook(module, args, kwargs):
            leaves = check.flatten(args, kwargs)
            if check_guards:
                check.guards(leaves)
            else:
                check.check(leaves)
            return tuple(v for _, _, v in leaves if v is not None), {}

        def post_hook(module, args, output):
            return _unflatten_output(out_spec, list(output)) if out_spec is not None else output

        gm.register_forward_pre_hook(pre_hook, with_kwargs=True)
        gm.register_forward_hook(post_hook)
        return gm

    def run_decompositions(self, decomp_table=None, decompose_custom_triton_ops=False):
        """The program lowered towards core ATen: functional ops (an in-place op on a value the
        program made becomes its out-of-place form) and aten.linear as permute + addmm / matmul."""
        from torch.export._decomp import decompose_graph
        # Functionalization: the final value of each in-place updated state or input becomes a
        # mutation output ahead of the user outputs (ExportGraphSignature's order).
        graph = decompose_graph(self.graph, self._graph_signature, [node for _, node, _ in self._mutations])
        gm = GraphModule(self._graph_module, graph)
        gm.__class__.__name__ = "GraphModule"
        outputs = list(graph.output_node().args[0]) if graph.output_node() is not None else []
        specs = [OutputSpec(kind, TensorArgument(""), target) for kind, _, target in self._mutations]
        specs += list(self._graph_signature.output_specs)
        new_out_specs = []
        for spec, node in zip(specs, outputs):
            arg = TensorArgument(node.name) if isinstance(node, torch.fx.Node) else spec.arg
            new_out_specs.append(OutputSpec(spec.kind, arg, spec.target))
        sig = ExportGraphSignature(list(self._graph_signature.input_specs), new_out_specs)
        ep = ExportedProgram(gm, graph, sig, self._state_dict, self._range_constraints, self._constants,
                             self._example_inputs, self._in_spec, self._out_spec, self._sym_dims,
                             self._module_type, self._training, self._arg_names, None, self._arg_order)
        ep._mutations = []  # already outputs
        return ep

    def validate(self):
        self.graph.lint()
