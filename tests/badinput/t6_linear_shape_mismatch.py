# badinput: linear shape mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)
import torch
import torch.nn.functional as F
F.linear(torch.ones(2, 3), torch.ones(5, 4))
