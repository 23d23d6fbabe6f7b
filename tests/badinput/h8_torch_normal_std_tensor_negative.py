# badinput: PyTorch misuse: normal std tensor negative
# expect-exit: 1
# expect-stderr: RuntimeError: normal expects all elements of std >= 0.0
import torch
torch.normal(torch.zeros(2), torch.tensor([1.0, -1.0]))
