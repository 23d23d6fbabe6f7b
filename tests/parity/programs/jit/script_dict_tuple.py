import torch
from typing import Dict, List, Tuple
# Dict and Tuple annotations in script: iteration order, tuple returns, dict of tensors.

def summarise(d: Dict[str, int], t: Tuple[int, int]) -> Tuple[int, List[str]]:
    keys: List[str] = []
    total = t[0] * t[1]
    for k in d.keys():
        keys.append(k)
        total += d[k]
    return total, keys

def apply(params: Dict[str, torch.Tensor], x):
    y = x
    if "w" in params:
        y = y * params["w"]
    if "b" in params:
        y = y + params["b"]
    return y

s = torch.jit.script(summarise)
print(s({"b": 1, "a": 2, "c": 3}, (2, 5)))
print(summarise({"b": 1, "a": 2, "c": 3}, (2, 5)))
print(s({}, (0, 0)))
sa = torch.jit.script(apply)
x = torch.tensor([1., 2.])
print(sa({"w": torch.tensor([2., 3.])}, x))
print(sa({"w": torch.tensor([2., 3.]), "b": torch.tensor([0.5, 0.5])}, x))
print(sa({}, x))
try:
    print(sa({"w": 2}, x))
except Exception as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
