# badinput: shifts by a negative count
# expect-exit: 0
# expect-stdout: [0, 0] [0, -1]
import torch
x = torch.tensor([16, -16])
print((x << -1).tolist(), (x >> -1).tolist())
