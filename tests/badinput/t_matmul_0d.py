# badinput: t matmul 0d (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 1D
import torch
torch.matmul(torch.tensor(1.), torch.ones(2))
