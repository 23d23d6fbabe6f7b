# badinput: a Module subclass whose __getattr__ override never reaches nn.Module's
# expect-exit: 1
# expect-stderr: AttributeError: custom: weight
import torch
class M(torch.nn.Linear):
    def __getattr__(self, name):
        raise AttributeError(f"custom: {name}")
m = M(2, 2)
print(m.weight.shape)
m.nothing
