# badinput: histc over data holding NaN
# expect-exit: 1
# expect-stderr: RuntimeError: torch.histc: range of [nan, nan] is not finite
import torch
torch.histc(torch.tensor([1.0, float("nan")]))
