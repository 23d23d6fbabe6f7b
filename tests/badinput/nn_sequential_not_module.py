# badinput: nn.Sequential of an int
# expect-exit: 1
# expect-stderr: TypeError: int is not a Module subclass
import torch
torch.nn.Sequential(1)
