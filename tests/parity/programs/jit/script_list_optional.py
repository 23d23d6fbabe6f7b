import torch
from typing import List, Optional
# List[int] and Optional[Tensor] annotations in script; None refinement with `is not None`.

def f(x, dims: List[int], bias: Optional[torch.Tensor] = None):
    y = x.permute(dims)
    if bias is not None:
        y = y + bias
    return y

def half(n: int) -> Optional[int]:
    if n % 2 == 0:
        return n // 2
    return None

s = torch.jit.script(f)
x = torch.arange(6).float().reshape(2, 3)
print(s(x, [1, 0]))
print(s(x, [0, 1], torch.tensor([10., 20., 30.])))
print(s(x, [1, 0], None))
print(torch.equal(s(x, [1, 0], torch.ones(2)), f(x, [1, 0], torch.ones(2))))
for bad in [[1.0, 0.0], 5]:
    try:
        print(s(x, bad))
    except Exception as e:
        print(type(e).__name__, "|", str(e).strip().split("\n")[0])
h = torch.jit.script(half)
print([h(n) for n in [4, 5, 0, -2]])
