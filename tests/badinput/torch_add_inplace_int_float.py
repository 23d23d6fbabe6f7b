# badinput: adding a float in place to an int64 tensor
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
torch.ones(3, dtype=torch.long).add_(1.5)
