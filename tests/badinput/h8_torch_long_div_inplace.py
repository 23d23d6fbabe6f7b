# badinput: PyTorch misuse: long div inplace
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
x = torch.tensor([4, 6])
x /= 2
