# badinput: torch API misuse: unfold bad
# expect-exit: 1
# expect-stderr: RuntimeError: maximum size for tensor at dimension 0 is 5 but size is 10
import torch
torch.ones(5).unfold(0, 10, 1)
