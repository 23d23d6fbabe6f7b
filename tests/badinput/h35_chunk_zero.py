# badinput: torch API misuse: chunk zero
# expect-exit: 1
# expect-stderr: RuntimeError: chunk expects `chunks` to be greater than 0, got: 0
import torch
torch.ones(3).chunk(0)
