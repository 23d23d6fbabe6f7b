# badinput: histc with an explicit infinite max
# expect-exit: 1
# expect-stderr: RuntimeError: torch.histc: range of [0, inf] is not finite
import torch
torch.histc(torch.tensor([1.0]), min=0, max=float("inf"))
