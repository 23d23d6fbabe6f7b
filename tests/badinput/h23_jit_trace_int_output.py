# badinput: tracing a function returning an int
# expect-exit: 1
# expect-stderr: RuntimeError: Only tensors, lists, tuples of tensors, or dictionary of tensors can be output from traced functions
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x): return 3
print(torch.jit.trace(f, torch.ones(2)))
