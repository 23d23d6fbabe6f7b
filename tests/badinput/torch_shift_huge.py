# badinput: shifts by 64 or more bits are 0 / sign fill as in PyTorch
# expect-exit: 0
# expect-stdout: [0, 0] [0, -1] [0, 0]
import torch
x = torch.tensor([1, -8])
print((x << 64).tolist(), (x >> 100).tolist(), (x << 200).tolist())
