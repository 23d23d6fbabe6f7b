# badinput: a Linear whose weight was deleted is called
# expect-exit: 1
# expect-stderr: AttributeError: 'Linear' object has no attribute 'weight'
import torch
m = torch.nn.Linear(2, 2)
del m.weight
m(torch.ones(1, 2))
