# badinput: optim.Adam given momentum=
# expect-exit: 1
# expect-stderr: TypeError: Adam.__init__() got an unexpected keyword argument 'momentum'
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.Adam([p], lr=0.1, momentum=0.9)
