# badinput: PyTorch misuse: module getattr typo
# expect-exit: 1
# expect-stderr: AttributeError: 'Net' object has no attribute 'layer_1'
import torch
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = torch.nn.Linear(2, 2)
    def forward(self, x):
        return self.layer_1(x)
Net()(torch.zeros(2))
