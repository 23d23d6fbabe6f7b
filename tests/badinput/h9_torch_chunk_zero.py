# badinput: chunk(0)
# expect-exit: 1
# expect-stderr: RuntimeError: chunk expects `chunks` to be greater than 0, got: 0
import torch
torch.ones(4).chunk(0)
