# badinput: fullgraph=True over a print call
# expect-exit: 1
# expect-stderr: Set TORCHDYNAMO_VERBOSE=1
# expect-stderr-has: torch._dynamo.exc.Unsupported: Failed to trace builtin operator
import torch
@torch.compile(fullgraph=True, backend='eager')
def f(x):
    print('hi')
    return x + 1
f(torch.ones(2))
