# badinput: gather index too big dim (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Size does not match at dimension 1 expected index [1, 5] to be no larger than self [3, 3] apart from dimension 0
import torch
torch.gather(torch.ones(3, 3), 0, torch.zeros(1, 5, dtype=torch.long))
