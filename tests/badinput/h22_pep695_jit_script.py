# badinput: torch.jit.script of a generic function compiles the def itself
# expect-exit: 0
# expect-stdout: tensor([2.])
import torch
@torch.jit.script
def f[T](x: torch.Tensor) -> torch.Tensor:
    return x + 1
print(f(torch.ones(1)))
