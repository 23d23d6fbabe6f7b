# badinput: torch.arange(2**60, 2**60 + 10) was empty (the size counted in doubles, which cannot tell the bounds apart): a silent wrong result
# expect-exit: 0
# expect-stdout: 10 1152921504606846985
import torch
r = torch.arange(2**60, 2**60 + 10)
print(r.numel(), r[-1].item())
