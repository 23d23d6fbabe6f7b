import torch
from typing import Tuple
# A while loop with a tensor condition in script; returns a tuple (Tensor, int).

def grow(x) -> Tuple[torch.Tensor, int]:
    steps = 0
    while x.sum() < 100:
        x = x * 2
        steps += 1
    return x, steps

def collatz(n: int) -> int:
    count = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        count += 1
    return count

s = torch.jit.script(grow)
print("prim::If" in str(s.graph), "prim::Loop" in str(s.graph))
r = s(torch.tensor([1., 2.]))
print(type(r).__name__, r)
print(s(torch.tensor([60., 50.])))
print(grow(torch.tensor([1., 2.])))
c = torch.jit.script(collatz)
print("prim::If" in str(c.graph), "prim::Loop" in str(c.graph))
print([c(n) for n in [1, 2, 3, 6, 7, 27]])
print([collatz(n) for n in [1, 2, 3, 6, 7, 27]])
