# badinput: casting nan and inf to int64 does not trap
# expect-exit: 0
# expect-stdout: torch.Size([3]) torch.int64
import torch
x = torch.tensor([float('nan'), float('inf'), -1e30])
y = x.long()
print(y.shape, y.dtype)
