# badinput: torch.jit.script of a del statement
# expect-exit: 1
# expect-stderr-has: del statements aren't supported
import torch
@torch.jit.script
def f(x):
    del x
    return 1
print(f(torch.ones(1)))
