# badinput: INT64_MIN // -1 in a scripted function
# expect-exit: 0
# expect-stdout: [-9223372036854775808, -6] [0, 0]
import torch
@torch.jit.script
def f(x):
    return x // -1, torch.remainder(x, -1)
a, b = f(torch.tensor([-2**63, 6]))
print(a.tolist(), b.tolist())
