# badinput: a subclass's super().__init__ misses an argument of the built-in layer
# expect-exit: 1
# expect-stderr: TypeError: Linear.__init__() missing 1 required positional argument: 'out_features'
import torch
class L(torch.nn.Linear):
    def __init__(self):
        super().__init__(3)
L()
