# badinput: masked select float mask (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: masked_select: expected BoolTensor for mask
import torch
torch.ones(3).masked_select(torch.ones(3))
