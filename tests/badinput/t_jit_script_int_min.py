# badinput: INT64_MIN // -1 in a scripted int function wraps like the int64 kernels (SIGFPE)
# expect-exit: 0
# expect-stdout: -9223372036854775808
import torch
@torch.jit.script
def f(x: int, y: int) -> int:
    return x // y
print(f(-2**63, -1))
