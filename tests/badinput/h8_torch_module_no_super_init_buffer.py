# badinput: PyTorch misuse: module no super init buffer
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign buffer before Module.__init__() call
import torch
class Net(torch.nn.Module):
    def __init__(self):
        self.register_buffer('b', torch.zeros(2))
Net()
