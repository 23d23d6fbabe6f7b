# badinput: a tensor of mixed bool and int infers int64
# expect-exit: 0
# expect-stdout: torch.int64 torch.float32
import torch
print(torch.tensor([True, 2]).dtype, torch.tensor([True, 2.5]).dtype)
