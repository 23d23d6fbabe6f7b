# badinput: nn.Linear(0, 3) maps an empty feature dim to its bias
# expect-exit: 0
# expect-stdout: torch.Size([2, 3])
import torch
m = torch.nn.Linear(0, 3)
print(m(torch.ones(2, 0)).shape)
