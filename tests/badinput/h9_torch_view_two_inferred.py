# badinput: view with two -1 dims
# expect-exit: 1
# expect-stderr: RuntimeError: only one dimension can be inferred
import torch
torch.ones(6).view(-1, -1)
