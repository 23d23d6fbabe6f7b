# badinput: as strided neg offset (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Tensor: invalid storage offset -1
import torch
torch.ones(4).as_strided((2,), (1,), -1)
