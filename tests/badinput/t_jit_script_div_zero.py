# badinput: t jit script div zero (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError: integer division or modulo by zero
import torch
@torch.jit.script
def f(x: int) -> int:
    return x // 0
f(1)
