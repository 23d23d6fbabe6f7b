# badinput: a compiled function called with int then float inputs
# expect-exit: 0
# expect-stdout: tensor([1.5000]) tensor([1.5000])
import torch
@torch.compile
def f(x):
    return x / 2
print(f(torch.tensor([3])), f(torch.tensor([3.0])))
