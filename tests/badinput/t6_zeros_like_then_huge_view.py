# badinput: zeros like then huge view (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4611686018427387904, -1]' is invalid for input of size 4
import torch
x = torch.zeros(4)
x.view(2 ** 62, -1)
