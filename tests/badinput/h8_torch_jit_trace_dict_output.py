# badinput: PyTorch misuse: jit trace dict output
# expect-exit: 1
# expect-stderr: RuntimeError: Encountering a dict at the output of the tracer might cause the trace to be incorrect, this is only valid
import torch
def f(x):
    return {'y': x * 2}
torch.jit.trace(f, torch.zeros(2))
