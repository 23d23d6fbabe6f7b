# badinput: t compile shape mismatch (issue 31 sweep)
# expect-exit: 1
# expect-stderr: Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace
# expect-stderr-has: torch._dynamo.exc.TorchRuntimeError: RuntimeError when making fake tensor call
import torch
@torch.compile
def f(x):
    return x @ x
f(torch.ones(2, 3))
