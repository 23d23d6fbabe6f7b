# badinput: PyTorch misuse: module super init late
# expect-exit: 1
# expect-stderr: AttributeError: cannot assign module before Module.__init__() call
# expect-stdout: )
import torch
class Net(torch.nn.Module):
    def __init__(self):
        self.fc = None
        super().__init__()
        self.fc = torch.nn.Linear(2, 2)
print(Net())
class Net2(torch.nn.Module):
    def __init__(self):
        self.fc = torch.nn.Linear(2, 2)
        super().__init__()
Net2()
