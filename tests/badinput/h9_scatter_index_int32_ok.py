# badinput: scatter and gather accept an int32 index (PyTorch 2.11)
# expect-exit: 0
# expect-stdout: 2.0 torch.Size([2, 1])
import torch
i = torch.tensor([[0], [1]], dtype=torch.int32)
print(torch.zeros(2, 2).scatter(1, i, 1.0).sum().item(), torch.ones(2, 2).gather(1, i).shape)
