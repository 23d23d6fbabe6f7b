# badinput: torch API misuse: out wrong dtype
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
out = torch.empty(3, dtype=torch.int64)
torch.add(torch.ones(3), 0.5, out=out)
