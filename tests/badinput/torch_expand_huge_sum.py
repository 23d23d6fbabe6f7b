# badinput: sum of ones(1).expand(2**62): a view of 2**62 elements
# expect-exit: 0
# expect-stdout: torch.Size([4611686018427387904])
import torch
x = torch.ones(1).expand(2**62)
print(x.shape)
