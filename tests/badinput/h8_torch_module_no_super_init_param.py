# badinput: PyTorch misuse: module no super init param
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign parameters before Module.__init__() call
import torch
class Net(torch.nn.Module):
    def __init__(self):
        self.w = torch.nn.Parameter(torch.zeros(2))
Net()
