# badinput: PyTorch misuse: optimizer params empty
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
opt = torch.optim.SGD([], lr=0.1)
