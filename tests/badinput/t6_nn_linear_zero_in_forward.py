# badinput: nn linear zero in forward (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x1 and 0x2)
# expect-stdout:         [0., 0.]], grad_fn=<AddmmBackward0>)
import torch
import torch.nn as nn
m = nn.Linear(0, 2)
print(m(torch.ones(3, 0)))
m(torch.ones(3, 1))
