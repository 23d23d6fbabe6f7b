# badinput: a shape error inside a compiled function
# expect-exit: 1
# expect-stderr: Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace
# expect-stderr-has: got RuntimeError('Attempting to broadcast a dimension of length 3 at -1!
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x):
    return x + torch.ones(3)
g=torch.compile(f)
print(g(torch.ones(2)))
