# badinput: fx.symbolic_trace of a data-dependent branch
# expect-exit: 1
# expect-stderr: torch.fx.proxy.TraceError: symbolically traced variables cannot be used as inputs to control flow
import torch
import torch.fx
def f(x):
    if x.sum() > 0:
        return x
    return -x
torch.fx.symbolic_trace(f)
