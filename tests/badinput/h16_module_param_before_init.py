# badinput: a Parameter assigned before Module.__init__()
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign parameters before Module.__init__() call
import torch
class M(torch.nn.Module):
    def __init__(self):
        self.w = torch.nn.Parameter(torch.zeros(1))
        super().__init__()
M()
