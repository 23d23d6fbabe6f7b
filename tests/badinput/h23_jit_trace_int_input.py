# badinput: tracing with an int example input
# expect-exit: 1
# expect-stderr: TypeError: example_inputs must be a Tensor or a tuple of Tensors, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x): return x
print(torch.jit.trace(f, 3))
