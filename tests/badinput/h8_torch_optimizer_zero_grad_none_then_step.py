# badinput: PyTorch misuse: optimizer zero grad none then step
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'zero_'
# expect-stdout: None
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
opt.zero_grad()
opt.step()
print(m.weight.grad)
m.weight.grad.zero_()
