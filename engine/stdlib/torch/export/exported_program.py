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

    def check(self, leaves):
        first = {}
        for i, ((name, path, is_tensor, example), (_, _, value)) in enumerate(zip(self.in_spec, leaves)):
            if not is_tensor:
                if value != example:
                    raise RuntimeError(f"Expected input at {path} to be equal to {example!r}, but got {value!r}")
                continue
            if not isinstance(value, torch.Tensor):
                raise RuntimeError(f"Expected input at {path} to be a tensor, but got {type(value).__name__}")
            if value.dim() != example.dim():
                raise RuntimeError(f"Unexpected number of dimensions in input at {path}.shape: expected "
                                   f"{example.dim()}, but got {value.dim()}")
            syms = self.sym_dims[i]
            for d in range(value.dim()):
                actual = value.shape[d]
                sym = syms.get(d)
                if sym is None:
                    if actual != example.shape[d]:
                        raise RuntimeError(f"Expected input at {path}.shape[{d}] to be equal to "
                                           f"{example.shape[d]}, but got {actual}")
                    continue
                if actual < sym.lower:
                    raise RuntimeError(f"Expected input at {path}.shape[{d}] to be >= {sym.lower}, but got {actual}")
                if sym.upper is not int_oo and actual > sym.upper:
                    raise RuntimeError(f"Expected input at {path}.shape[{d}] to be <= {sym.upper}, but got {actual}")
        for i, ((name, path, is_tensor, example), (_, _, value)) in enumerate(zip(self.in_spec, leaves)):
            if not is_tensor:
                continue
            for d, sym in sorted(self.sym_dims[i].items()):
                if sym.name in first:
                    other_name, other_d, other_size = first[sym.name]
                    if value.shape[d] != other_size:
                        raise AssertionError(f"Guard failed: {name}.size()[{d}] == {other_name}.size()[{other_d}]")
                else:
                    first[sym.name] = (name, d, value.shape[d])


class ExportedProgram:
    """A module's forward as an ATen-level graph with lifted state (torch.export.export's result)."""

    def __init__(self, root, graph, graph_signature, state_dict, range_constraints, constants=None,
                 example_inputs=None, in_spec=None, out_spec=None, sym_dims=None, module_type=None,
                 training=True, arg_names=None, verifiers=None, arg_order=None):
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
        tensors = [i for i, leaf in enumerate(self._in_spec) if leaf[2]]
        for node, i in zip(user, tensors):
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
        for node in self.graph.nodes:
            if node.op == "placeholder":
                continue
            if node.op == "output":
                outs = node.args[0][n_mut:]
                graph.output(tuple(torch.fx.node.map_arg(o, lambda n: env[n]) if isinstance(o, torch.fx.Node)
                                   else o for o in outs))
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
                check.check(leaves)
            return tuple(v for _, _, v in leaves if isinstance(v, torch.Tensor)), {}

        def post_hook(module, args, output):
            return _unflatten_output(out_spec, list(output)) if out_spec is not None else output

        gm.register_forward_pre_hook(pre_hook, with_kwargs=True)
        gm.register_forward_hook(post_hook)
        return gm

    def run_decompositions(self, decomp_table=None, decompose_custom_triton_ops=False):
        """The program lowered towards core ATen: functional ops (an in-place op on a value the
        program made becomes its out-of-place form) and aten.linear as permute + addmm / matmul."""
        from torch.export._decomp import decompose_graph
        graph = decompose_graph(self.graph, self._graph_signature)
        gm = GraphModule(self._graph_module, graph)
        gm.__class__.__name__ = "GraphModule"
        outputs = list(graph.output_node().args[0]) if graph.output_node() is not None else []
        new_out_specs = []
        for spec, node in zip(self._graph_signature.output_specs, outputs):
            arg = TensorArgument(node.name) if isinstance(node, torch.fx.Node) else spec.arg
            new_out_specs.append(OutputSpec(spec.kind, arg, spec.target))
        sig = ExportGraphSignature(list(self._graph_signature.input_specs), new_out_specs)
        ep = ExportedProgram(gm, graph, sig, self._state_dict, self._range_constraints, self._constants,
                             self._example_inputs, self._in_spec, self._out_spec, self._sym_dims,
                             self._module_type, self._training, self._arg_names, None, self._arg_order)
        return ep

    def validate(self):
        self.graph.lint()
