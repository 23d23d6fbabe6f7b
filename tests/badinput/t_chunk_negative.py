# badinput: t chunk negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: chunk expects `chunks` to be greater than 0, got: -1
import torch
torch.ones(3).chunk(-1)
