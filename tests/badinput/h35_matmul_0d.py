# badinput: torch API misuse: matmul 0d
# expect-exit: 1
# expect-stderr: RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 0D
import torch
torch.tensor(1.0) @ torch.tensor(2.0)
