# badinput: nan lr sgd ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: True
import torch
m = torch.nn.Linear(1, 1)
opt = torch.optim.SGD(m.parameters(), lr=float("nan"))
m(torch.ones(1, 1)).sum().backward()
opt.step()
print(m.weight.isnan().all().item())
