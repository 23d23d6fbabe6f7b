# badinput: tracing a function returning None
# expect-exit: 1
# expect-stderr: RuntimeError: The traced function didn't return any values! Side-effects are not captured in traces, so it would be a no-op.
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x): return None
print(torch.jit.trace(f, torch.ones(2)))
