# badinput: batch norm running size (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: running_mean should contain 3 elements not 4
import torch
import torch.nn.functional as F
F.batch_norm(torch.ones(2, 3), torch.zeros(4), torch.ones(4))
