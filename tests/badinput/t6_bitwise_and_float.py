# badinput: bitwise and float (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: NotImplementedError: "bitwise_and_cpu" not implemented for 'Float'
import torch
torch.ones(3, dtype=torch.int32) & torch.ones(3)
