# badinput: as strided len mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: mismatch in length of strides and shape
import torch
torch.ones(4).as_strided((2, 2), (1,))
