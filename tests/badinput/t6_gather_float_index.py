# badinput: gather float index (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: gather(): Expected dtype int32/int64 for index
import torch
torch.gather(torch.ones(3), 0, torch.tensor([0.]))
