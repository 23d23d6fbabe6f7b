# badinput: PyTorch misuse: module assign int to child
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' as child module 'fc' (torch.nn.Module or None expected)
import torch
m = torch.nn.Sequential(torch.nn.Linear(2, 2))
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(2, 2)
n = Net()
n.fc = 3
