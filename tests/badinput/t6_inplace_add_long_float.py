# badinput: inplace add long float (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
a = torch.ones(3, dtype=torch.long)
a.add_(torch.ones(3) * 0.5)
