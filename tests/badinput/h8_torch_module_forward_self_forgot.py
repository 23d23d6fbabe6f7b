# badinput: PyTorch misuse: module forward self forgot
# expect-exit: 1
# expect-stderr: TypeError: Net.forward() takes 1 positional argument but 2 were given
import torch
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
    def forward(x):
        return x
Net()(torch.zeros(1))
