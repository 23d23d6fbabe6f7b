# badinput: full nan long
# expect-exit: 1
# expect-stderr: RuntimeError: value cannot be converted to type int64_t without overflow
import torch
torch.full((2,), float("nan"), dtype=torch.long)
