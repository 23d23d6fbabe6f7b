# badinput: torch.polar of integer tensors
# expect-exit: 1
# expect-stderr: RuntimeError: Expected both inputs to be Half, Float or Double tensors but got Long and Long
import torch
torch.polar(torch.tensor([1]), torch.tensor([2]))
