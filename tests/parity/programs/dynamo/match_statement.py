# torch.compile over functions holding a match statement (PEP 634) on non-tensor values: a config
# string, a tensor's shape, a tuple of flags, a dict of options, a dataclass config and a class
# pattern on the tensor itself. Dynamo runs MATCH_SEQUENCE / MATCH_MAPPING / MATCH_KEYS /
# MATCH_CLASS / GET_LEN on the values it tracks, so each match folds to the taken case: one graph
# per call signature, recompiling when a guarded constant changes, and the same results as eager.
import dataclasses

import torch

graphs = []


def counting(gm, example_inputs):
    graphs.append([getattr(n.target, "__name__", n.op) if n.op == "call_function" else n.op for n in gm.graph.nodes])
    return gm.forward


def activation(x, name):
    match name:
        case "relu":
            return torch.relu(x)
        case "gelu" | "silu" as fancy:
            return torch.nn.functional.gelu(x) if fancy == "gelu" else torch.nn.functional.silu(x)
        case _:
            return x


act = torch.compile(activation, backend=counting)
x = torch.tensor([[-1.0, 0.5], [2.0, -3.0]])
for name in ["relu", "gelu", "silu", "identity", "relu"]:
    out = act(x, name)
    print(name, torch.allclose(out, activation(x, name)), "graphs so far", len(graphs))


def flatten_by_shape(t):
    match t.shape:
        case (n,):
            return t * 2
        case (b, c):
            return t.reshape(b * c) + 1
        case (b, c, *rest):
            return t.reshape(b, c, -1).sum(-1)


flat = torch.compile(flatten_by_shape, backend=counting)
for shape in [(4,), (2, 3), (2, 3, 4), (2, 3, 2, 2)]:
    t = torch.arange(float(torch.tensor(shape).prod())).reshape(shape)
    out = flat(t)
    print(shape, tuple(out.shape), torch.equal(out, flatten_by_shape(t)))


def mode_step(x, flags):
    match flags:
        case (True, scale):
            return x * scale
        case (False, _):
            return x - 1
        case [*_]:
            return x


step = torch.compile(mode_step, backend=counting)
print(step(x, (True, 3.0)).tolist(), step(x, (False, 0)).tolist(), step(x, (1, 2, 3)).tolist())


def from_options(x, options):
    match options:
        case {"norm": "layer", "eps": eps}:
            return torch.nn.functional.layer_norm(x, x.shape[-1:], eps=eps)
        case {"norm": "none", **rest}:
            return x * len(rest)
        case {}:
            return -x


opts = torch.compile(from_options, backend=counting)
for o in [{"norm": "layer", "eps": 1e-5}, {"norm": "none", "a": 1, "b": 2}, {"other": 1}]:
    out = opts(x, o)
    print(sorted(o), torch.allclose(out, from_options(x, o)))


@dataclasses.dataclass
class Block:
    kind: str
    width: int


def build(x, cfg):
    match cfg:
        case Block("mlp", w):
            return x.repeat(1, w)
        case Block(kind="scale", width=w):
            return x * w
    return x


blocks = torch.compile(build, backend=counting)
for cfg in [Block("mlp", 2), Block("scale", 5), Block("other", 1)]:
    out = blocks(x, cfg)
    print(cfg, tuple(out.shape), torch.equal(out, build(x, cfg)))


def by_type(v):
    match v:
        case torch.Tensor():
            return v * 2
        case int(n) | float(n):
            return torch.full((2,), float(n))
        case [torch.Tensor() as a, torch.Tensor() as b]:
            return a + b


typed = torch.compile(by_type, backend=counting)
print(typed(x).tolist(), typed(3).tolist(), typed([x, x]).tolist())
print("graphs", len(graphs))
for g in graphs:
    print(" ", g)
