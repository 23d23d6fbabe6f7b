# badinput: a child module whose __repr__ raises: printing the parent raises it
# expect-exit: 1
# expect-stderr: KeyError: 'no repr'
import torch.nn as nn
class Bad(nn.Module):
    def __repr__(self):
        raise KeyError("no repr")
print(nn.Sequential(nn.ReLU(), Bad()))
