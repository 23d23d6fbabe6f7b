# badinput: PyTorch misuse: module forward unexpected kw
# expect-exit: 1
# expect-stderr: TypeError: ReLU.forward() got an unexpected keyword argument 'dim'
import torch
m = torch.nn.ReLU()
m(torch.zeros(2), dim=1)
