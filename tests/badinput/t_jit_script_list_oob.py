# badinput: t jit script list oob (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
@torch.jit.script
def f(x: int) -> int:
    l = [1, 2]
    return l[x]
f(5)
