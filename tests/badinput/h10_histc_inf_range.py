# badinput: histc over data holding inf: PyTorch refuses the non-finite range
# expect-exit: 1
# expect-stderr: RuntimeError: torch.histc: range of [1, inf] is not finite
import torch
torch.histc(torch.tensor([1.0, float("inf")]))
