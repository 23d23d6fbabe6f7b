# badinput: PyTorch misuse: matmul mat vec mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: size mismatch, got input (2), mat (2x3), vec (4)
import torch
v = torch.zeros(2, 3) @ torch.zeros(4)
