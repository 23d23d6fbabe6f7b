# badinput: load_state_dict of a DataParallel-style module. prefix
# expect-exit: 1
# expect-stderr: 	Unexpected key(s) in state_dict: "module.fc.weight", "module.fc.bias". 
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)
m = Net()
sd = {"module." + k: v for k, v in m.state_dict().items()}
m.load_state_dict(sd)
