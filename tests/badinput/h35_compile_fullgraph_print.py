# badinput: fullgraph compile of a print call
# expect-exit: 1
# expect-stderr-has: torch._dynamo.exc.Unsupported: Failed to trace builtin operator
import torch
@torch.compile(fullgraph=True)
def f(x):
    print("hi")
    return x + 1
f(torch.ones(2))
