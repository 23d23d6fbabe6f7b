# badinput: complex tensor cast to int64 (imaginary part dropped)
# expect-exit: 0
# expect-stdout: tensor([1])
import torch
print(torch.tensor([1+1j]).to(torch.int64))
