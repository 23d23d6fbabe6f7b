# badinput: a child module assigned before Module.__init__()
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign module before Module.__init__() call
import torch
class M(torch.nn.Module):
    def __init__(self):
        self.fc = torch.nn.Linear(1, 1)
        super().__init__()
M()
