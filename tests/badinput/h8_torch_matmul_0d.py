# badinput: PyTorch misuse: matmul 0d
# expect-exit: 1
# expect-stderr: RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 1D
import torch
v = torch.tensor(2.0) @ torch.zeros(3)
