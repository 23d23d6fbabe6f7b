import torch
from typing import List

# TorchScript is statically typed. Arguments without annotations are Tensors;
# other types must be written down.
@torch.jit.script
def total(xs: List[torch.Tensor], scale: float):
    out = torch.zeros(2)
    for x in xs:
        out = out + x * scale
    return out

print(total([torch.ones(2), torch.tensor([1.0, 2.0])], 0.5))

# Called with the wrong type, a scripted function says so before running.
try:
    total([torch.ones(2)], "big")
except RuntimeError as e:
    print(type(e).__name__, "scale" in str(e))
