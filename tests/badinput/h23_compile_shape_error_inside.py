# badinput: a shape error inside a compiled function
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x):
    return x + torch.ones(3)
g=torch.compile(f)
print(g(torch.ones(2)))
