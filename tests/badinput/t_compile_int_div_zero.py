# badinput: t compile int div zero (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
@torch.compile
def f(x):
    return x // 0
print(f(torch.tensor([5])))
