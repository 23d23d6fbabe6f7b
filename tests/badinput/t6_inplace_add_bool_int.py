# badinput: inplace add bool int (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: result type Long can't be cast to the desired output type Bool
import torch
a = torch.ones(3, dtype=torch.bool)
a.add_(1)
