# badinput: log softmax int (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: NotImplementedError: "log_softmax_lastdim_kernel_impl" not implemented for 'Long'
import torch
torch.log_softmax(torch.ones(3, dtype=torch.long), 0)
