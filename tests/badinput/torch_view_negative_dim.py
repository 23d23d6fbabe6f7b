# badinput: reshape(-2)
# expect-exit: 1
# expect-stderr: RuntimeError: invalid shape dimension -2
import torch
torch.ones(3).reshape(-2)
