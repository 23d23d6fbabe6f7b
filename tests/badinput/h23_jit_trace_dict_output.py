# badinput: tracing a function returning a dict
# expect-exit: 1
# expect-stderr: RuntimeError: Encountering a dict at the output of the tracer might cause the trace to be incorrect
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x): return {"a": x}
t=torch.jit.trace(f, torch.ones(2))
print(t(torch.ones(2)))
