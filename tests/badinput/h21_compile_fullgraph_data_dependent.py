# badinput: fullgraph compile with data-dependent branching
# expect-exit: 1
# expect-stderr: Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace
# expect-stderr-has: torch._dynamo.exc.Unsupported: Data-dependent branching
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.compile(fullgraph=True)
def f(x):
    if x.sum() > 0:
        return x
    return -x
f(torch.randn(3))
