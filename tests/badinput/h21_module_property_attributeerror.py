# badinput: nn.Module property whose getter fails with AttributeError: Module.__getattr__ reports the property's name
# expect-exit: 0
# expect-stdout: 'M' object has no attribute 'p'
import torch.nn as nn
class M(nn.Module):
    @property
    def p(self):
        return self.nothere
try:
    M().p
except AttributeError as e:
    print(e)
