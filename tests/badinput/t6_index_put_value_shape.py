# badinput: index put value shape (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]
import torch
x = torch.zeros(3)
x[[0, 1]] = torch.ones(3)
