import torch
from typing import List, Dict
# Empty containers in script default to List[Tensor]/Dict[str, Tensor]; torch.jit.annotate fixes that.

def squares(n: int) -> List[int]:
    out = torch.jit.annotate(List[int], [])
    for i in range(n):
        out.append(i * i)
    return out

def evens(n: int) -> List[int]:
    out: List[int] = []
    for i in range(0, n, 2):
        out.append(i)
    return out

def counts(n: int) -> Dict[str, int]:
    d = torch.jit.annotate(Dict[str, int], {})
    d["n"] = n
    d["sq"] = n * n
    return d

def bad(n: int):
    out = []
    out.append(n)
    return out

print(torch.jit.script(squares)(5), squares(5))
print(torch.jit.script(evens)(7))
print(torch.jit.script(counts)(3))
print(torch.jit.annotate(List[int], [1, 2]))
try:
    torch.jit.script(bad)
    print("compiled")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])
