# einops.layers.torch Rearrange/Reduce as nn.Modules (repr, Sequential, backward) and EinopsError texts.
import torch
import torch.nn as nn
from einops import EinopsError, rearrange, reduce, repeat
from einops.layers.torch import Rearrange, Reduce

torch.manual_seed(0)
model = nn.Sequential(
    Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=2, p2=2),
    nn.Linear(12, 8),
    Reduce("b n d -> b d", "mean"),
    nn.Linear(8, 3),
)
print(model)
x = torch.randn(2, 3, 4, 4)
y = model(x)
print(y.shape, [round(v, 4) for v in y[0].tolist()])
y.sum().backward()
print(model[1].weight.grad.shape, round(model[1].weight.grad.abs().sum().item(), 4))
print(Reduce("b c (h 2) (w 2) -> b c h w", "max")(x).shape, isinstance(Rearrange("a b -> b a"), nn.Module))
print(list(Rearrange("a b -> b a").parameters()), Rearrange("b (h w) -> b h w", h=2).axes_lengths)
bad = [
    lambda: rearrange(x, "b c h w -> b c h"),
    lambda: rearrange(x, "b c h -> b c h"),
    lambda: rearrange(x, "b c (h p) w -> b c h p w", p=3),
    lambda: rearrange(x, "b c h w -> b c (h w) k"),
    lambda: rearrange(x, "b c h w -> b c h w", q=2),
    lambda: rearrange(x, "b c (h w) w2 -> b c h w w2", h=2, w=3),
    lambda: rearrange(x, "b c h w -> b ... c"),
    lambda: rearrange(x, "b c (h (w)) -> b c h w"),
    lambda: rearrange(x, "b c h w -> b c h h"),
    lambda: rearrange(x, "b c h w -> b c h w!"),
    lambda: rearrange(x, "b c h 2 -> b c h"),
    lambda: reduce(x, "b c h w -> b c", "median"),
    lambda: reduce(x, "b c h w -> b c k", "sum"),
    lambda: repeat(x, "b c h w -> b c h w k"),
    lambda: Rearrange("a b -> a b c"),
    lambda: Reduce("a (b 2) -> a b", "mean", c=3),
]
for fn in bad:
    try:
        fn()
        print("no error")
    except EinopsError as e:
        print(type(e).__name__, isinstance(e, RuntimeError), repr(str(e)))
