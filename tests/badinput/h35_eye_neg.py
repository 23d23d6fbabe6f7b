# badinput: torch API misuse: eye neg
# expect-exit: 1
# expect-stderr: RuntimeError: n must be greater or equal to 0, got -1
import torch
torch.eye(-1)
