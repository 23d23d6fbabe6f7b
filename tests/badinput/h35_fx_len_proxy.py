# badinput: len() of an fx Proxy
# expect-exit: 1
# expect-stderr: RuntimeError: 'len' is not supported in symbolic tracing by default. If you want this call to be recorded, please call torch.fx.wrap('len') at module scope
import torch
import torch.fx
def f(x):
    return len(x)
torch.fx.symbolic_trace(f)
