import torch
import torch.nn as nn
from torch.export import Dim, export
# torch.export's printed names and checks on several shapes of the same constructs: the symbols of
# dynamic dims (ShapeEnv numbers each by a hash of its source, L['x'].size()[0]; dims sharing a Dim
# are made equal), nested and keyword inputs, non-tensor inputs (a placeholder each), the guards
# ep.module() runs on every call (AssertionError "Guard failed: ..."), the RuntimeErrors of
# module(check_guards=False), in-place updates in the training IR and after run_decompositions(),
# and the class name of torch.cond's branch graphs.


class Two(nn.Module):
    def forward(self, x, y):
        return x.sum(0) + y.sum(0)


class Nested(nn.Module):
    def forward(self, xs, d, scale=1.0, flag=True):
        out = xs[0] * d["k"] + xs[1]
        return out * scale if flag else out


class Mut(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("steps", torch.zeros(()))
        self.lin = nn.Linear(3, 2)

    def forward(self, x):
        self.steps.add_(1)
        x.mul_(2)
        return self.lin(x).squeeze(-1)


class Branchy(nn.Module):
    def forward(self, x):
        def big(t):
            return t.cos()

        return torch.cond(x.sum() > 0, big, lambda t: t.sin(), (x,))


def attempt(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
        print("ok")
    except Exception as e:
        print(type(e).__name__ + ":", e)


b, s = Dim("b", min=2, max=16), Dim("s", max=64)
for shapes in [{"x": {0: b}, "y": {0: b}}, {"x": {0: b, 1: s}, "y": {1: s}}, {"x": {1: s}, "y": {1: s}},
               {"x": (Dim.AUTO, None), "y": (Dim.AUTO, None)}]:
    ep = export(Two(), (torch.randn(4, 5), torch.randn(4, 5)), dynamic_shapes=shapes)
    print(ep.range_constraints)
    print([n.name for n in ep.graph.nodes if n.op == "placeholder"])
    m = ep.module()
    for a, c in [((6, 5), (6, 5)), ((1, 5), (1, 5)), ((6, 5), (7, 5)), ((20, 5), (20, 5)), ((4, 6), (4, 6))]:
        attempt(m, torch.randn(*a), torch.randn(*c))
    m = ep.module(check_guards=False)
    for a, c in [((6, 5), (7, 5)), ((20, 5), (20, 5)), ((4, 6), (4, 6)), ((4, 5, 1), (4, 5))]:
        attempt(m, torch.randn(*a), torch.randn(*c))

xs = (torch.randn(3, 4), torch.randn(3, 4))
ep = export(Nested(), (xs, {"k": torch.randn(3, 4)}), {"scale": 2.0},
            dynamic_shapes={"xs": ({0: b}, {0: b}), "d": {"k": {0: b}}, "scale": None})
print(ep.range_constraints)
print([n.name for n in ep.graph.nodes if n.op == "placeholder"])
print(ep.graph_signature)
m = ep.module()
attempt(m, (torch.randn(5, 4), torch.randn(5, 4)), {"k": torch.randn(5, 4)}, scale=2.0)
attempt(m, (torch.randn(5, 4), torch.randn(5, 3)), {"k": torch.randn(5, 4)}, scale=2.0)
attempt(m, (torch.randn(5, 4), torch.randn(5, 4)), {"k": torch.randn(6, 4)}, scale=2.0)
attempt(m, (torch.randn(5, 4), torch.randn(5, 4)), {"k": torch.randn(5, 4)}, scale=3.0)
attempt(ep.module(check_guards=False), (torch.randn(5, 4), torch.randn(5, 4)), {"k": torch.randn(5, 4)}, scale=3.0)

torch.manual_seed(0)
mod = Mut()
ep = export(mod, (torch.ones(2, 3),))
print(ep.graph)
print(ep.graph_signature)
print(ep.graph_signature.buffers_to_mutate, ep.graph_signature.user_inputs_to_mutate, mod.steps)
core = ep.run_decompositions()
print(core.graph)
print(core.graph_signature)
print(sorted(core.graph_signature.buffers_to_mutate.items()), sorted(core.graph_signature.user_inputs_to_mutate.items()))
x = torch.ones(2, 3)
run = core.module()
out = run(x)
print(out.shape, x, run.steps)

ep = export(Branchy(), (torch.randn(3),))
print([(name, type(sub).__name__) for name, sub in ep.graph_module.named_children()])
