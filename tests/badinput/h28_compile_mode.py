# badinput: torch.compile with an unknown mode
# expect-exit: 1
# expect-stderr: RuntimeError: Unrecognized mode=fastest, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs
import torch
f = torch.compile(lambda x: x + 1, mode="fastest")
print(f(torch.ones(2)))
