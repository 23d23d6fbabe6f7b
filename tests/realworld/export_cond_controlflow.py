# Real-program corpus (tests/realworld, see README.md): data-dependent control flow with torch.cond
# as the control-flow tutorial teaches it: cond called eagerly inside modules (branches returning a
# tuple, a one-element boolean tensor as the predicate, a NaN/inf filter whose predicate is built with
# Python `or`), then the same modules exported with torch.export so the branch is decided at run
# time by the exported program. The workflow of pytorch/tutorials
# intermediate_source/torch_controlflow_tutorial.py @ 2cec80df511ce6c31967a7e59cc891459ccf8cef
# (cond section, "Invalid value filtering"). Written for Kiln, not copied.
import torch
from torch._higher_order_ops.cond import cond
from torch.export import export


class CondExample(torch.nn.Module):
    def forward(self, x: torch.Tensor):
        pred = (x.sum() > 0).unsqueeze(0)

        def true_fn(t: torch.Tensor):
            return (t.cos(),)

        def false_fn(t: torch.Tensor):
            return (t.sin(),)

        out = cond(pred, true_fn, false_fn, (x,))
        return out[0]


torch.manual_seed(0)
xs = torch.randn(3, 3)
model = CondExample()
result = model(xs)
result_pytorch = xs.cos() if xs.sum() > 0 else xs.sin()
print("=" * 40)
print("Example: cond")
print(torch.allclose(result_pytorch, result))

ep = export(model, (xs,))
print(ep.graph)
print(ep.graph_signature)
for sign in (1.0, -1.0):
    x = sign * xs.abs()
    expected = x.cos() if x.sum() > 0 else x.sin()
    print(sign, torch.allclose(ep.module()(x), expected))
print([type(m).__name__ for _, m in ep.graph_module.named_children()])

max_allowed_value = 4
min_allowed_value = -7


class AdvancedCondExample(torch.nn.Module):
    def forward(self, xs: torch.Tensor):
        def pred(x):
            return torch.isinf(x).any() or torch.isnan(x).any()

        def true_fn(x):
            no_nans_and_infs = torch.nan_to_num(x, nan=0.0, posinf=100, neginf=-100)
            return torch.clamp(no_nans_and_infs, min=min_allowed_value, max=max_allowed_value)

        def false_fn(x):
            return x.clone()

        return cond(pred(xs), true_fn, false_fn, (xs,))


xs = torch.tensor([-10., -4, torch.nan, 1, torch.inf])
model = AdvancedCondExample()
print("=" * 40)
print("Example: Value clamping")
print("Unfiltered tensor:", xs)
print("Filtered tensor:", model(xs))
print("Clean tensor:", model(torch.tensor([1.0, -2.0, 3.0])))


class CondOnSum(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        def grow(x):
            return self.lin(x).relu()

        def shrink(x):
            return x * 0.5

        return cond(x.mean() > 0, grow, shrink, (x,))


torch.manual_seed(1)
m = CondOnSum()
x = torch.randn(2, 4)
ep = export(m, (x,))
print(ep.graph_signature)
for inp in (x.abs(), -x.abs()):
    print(torch.allclose(ep.module()(inp), m(inp)))
try:
    export(CondOnSum(), (x,), dynamic_shapes=({0: torch.export.Dim("b")},))
    print("dynamic ok")
except Exception as e:
    print(type(e).__name__)
