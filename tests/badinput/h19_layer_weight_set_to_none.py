# badinput: a layer whose weight the program set to None (Linear, Conv1d/2d, Embedding, MultiheadAttention): the native forwards read the missing tensor (a segfault)
# expect-exit: 1
# expect-stderr: TypeError: linear(): argument 'weight' (position 2) must be Tensor, not NoneType
import torch
from torch import nn
x = torch.ones(1, 4, 4)
cases = [(nn.Conv1d(1, 1, 3), "weight", torch.ones(1, 1, 4), TypeError),
         (nn.Conv2d(1, 1, 3), "weight", torch.ones(1, 1, 4, 4), TypeError),
         (nn.Embedding(3, 2), "weight", torch.tensor([1]), TypeError),
         (nn.MultiheadAttention(4, 2), "in_proj_weight", None, AssertionError)]
for layer, name, inp, kind in cases:
    setattr(layer, name, None)
    try:
        layer(x, x, x) if inp is None else layer(inp)
        raise SystemExit("no error")
    except kind as e:
        print(type(layer).__name__, type(e).__name__)
lin = nn.Linear(4, 2)
lin.bias = None
print(lin(torch.ones(4)).shape)
lin.weight = None
lin(torch.ones(4))
