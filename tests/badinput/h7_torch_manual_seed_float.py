# badinput: torch.manual_seed(1.5) seeds with int(1.5), as torch.manual_seed's int(seed) does
# expect-exit: 0
# expect-stdout: True
import torch
torch.manual_seed(1.5)
a = torch.rand(2)
torch.manual_seed(1)
print(torch.equal(a, torch.rand(2)))
