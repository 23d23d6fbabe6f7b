# badinput: narrow past the end of a dim
# expect-exit: 1
# expect-stderr: RuntimeError: start (1) + length (5) exceeds dimension size (2).
import torch
torch.ones(2, 3).narrow(0, 1, 5)
