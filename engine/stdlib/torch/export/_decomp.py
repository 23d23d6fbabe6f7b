# ExportedProgram.run_decompositions: the training IR lowered towards core ATen, as PyTorch's default
# decomposition table does for what Kiln's traces contain: an in-place op becomes its functional form
# (aten.relu_ -> aten.relu; the value it produced already stands for the mutated tensor in the graph,
# so a buffer mutation output keeps pointing at it), and the CompositeImplicit aten.linear becomes
# aten.permute of the weight and aten.addmm (aten.mm without bias), the input flattened to 2-D with
# aten.view and the result viewed back when it has more dims; aten.squeeze.dim becomes the core
# aten.squeeze.dims.
import operator

import torch
from torch.fx import Graph

__all__ = ["decompose_graph"]


def _packet_name(target):
    s = str(target)
    if not s.startswith("aten."):
        return None, None
    parts = s.split(".")
    return parts[1], parts[2] if len(parts) > 2 else "default"


def _functional(name, overload):
    if not name.endswith("_") or name.endswith("__"):
        return None
    try:
        return getattr(getattr(torch.ops.aten, name[:-1]), overload)
    except AttributeError:
        return None


def decompose_graph(src, signature, mutated=()):
    # mutated: nodes of src holding the final values of in-place updated state; they become the
    # first outputs (the functionalized program returns them for the caller to write back).
    graph = Graph()
    env = {}
    aten = torch.ops.aten
    for node in src.nodes:
        if node.op == "output":
            outs = torch.fx.node.map_arg(node.args[0], lambda n: env[n])
            graph.output(tuple(env[n] for n in mutated) + tuple(outs))
            continue
        if node.op != "call_function":
            env[node] = graph.node_copy(node, lambda n: env[n])
            continue
        name, overload = _packet_name(node.target)
        args = torch.fx.node.map_arg(node.args, lambda n: env[n])
        kwargs = torch.fx.node.map_arg(node.kwargs, lambda n: env[n])
        if name == "linear":
            x, w = args[0], args[1]
            b = args[2] if len(args) > 2 else kwargs.get("bias")
            xval = node.args[0].meta.get("val") if isinstance(node.args[0], torch.fx.Node) else None
            wval = node.args[1].meta.get("val") if isinstance(node.args[1], torch.fx.Node) else None
            out_val = node.meta.get("val")
            if xval is None or wval is None or len(xval[1]) < 2:
                env[node] = graph.node_copy(node, lambda n: env[n])
                continue
            dtype, xs = xval
            permute = graph.call_function(aten.permute.default, (w, [1, 0]), name="permute")
            permute.meta["val"] = (wval[0], (wval[1][1], wval[1][0]))
            # Leading sizes: ints, or sym_size.int of the input where a dim is dynamic ("s0").
            lead = []
            for d, size in enumerate(xs[:-1]):
                if isinstance(size, int):
                    lead.append(size)
                else:
                    n = graph.call_function(aten.sym_size.int, (x, d), name="sym_size_int")
                    n.meta["sym"] = size
                    lead.append(n)
            flat = x
            rows = 1
            if len(xs) > 2:
                for size in lead:
                    if isinstance(size, int) and isinstance(rows, int):
                        rows *= size
                    else:
                        rows = graph.call_function(operator.mul, (rows, size), name="mul") if rows != 1 else size
                flat = graph.call_function(aten.view.default, (x, [rows, xs[-1]]), name="view")
                flat.meta["val"] = (dtype, ("*".join(str(v) for v in xs[:-1]), xs[-1]))
            if b is not None:
                mm = graph.call_function(aten.addmm.default, (b, flat, permute), name="addmm")
            else:
                mm = graph.call_function(aten.mm.default, (flat, permute), name="mm")
            mm.meta["val"] = (dtype, (xs[0] if len(xs) == 2 else "*".join(str(v) for v in xs[:-1]), wval[1][0]))
            if len(xs) > 2:
                back = graph.call_function(aten.view.default, (mm, lead + [wval[1][0]]), name="view")
                back.meta["val"] = out_val
                mm = back
            env[node] = mm
            continue
        if name == "squeeze" and overload == "dim":
            # Core ATen has squeeze.dims only: x.squeeze(d) is squeeze.dims(x, [d]).
            new = graph.call_function(aten.squeeze.dims, (args[0], [args[1]]), name="squeeze")
            new.meta.update(node.meta)
            env[node] = new
            continue
        functional = _functional(name, overload) if name else None
        if functional is not None:
            new = graph.call_function(functional, args, kwargs, name=name[:-1])
            new.meta.update(node.meta)
            env[node] = new
            continue
        env[node] = graph.node_copy(node, lambda n: env[n])
    return graph
