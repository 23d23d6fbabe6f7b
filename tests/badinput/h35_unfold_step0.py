# badinput: torch API misuse: unfold step0
# expect-exit: 1
# expect-stderr: RuntimeError: step is 0 but must be > 0
import torch
torch.ones(5).unfold(0, 2, 0)
