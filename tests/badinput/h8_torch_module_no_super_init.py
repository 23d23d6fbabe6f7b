# badinput: PyTorch misuse: module no super init
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign module before Module.__init__() call
import torch
class Net(torch.nn.Module):
    def __init__(self):
        self.fc = torch.nn.Linear(2, 2)
Net()
