# badinput: calling a Module without forward
# expect-exit: 1
# expect-stderr: NotImplementedError: Module [Module] is missing the required "forward" function
import torch
torch.nn.Module()(torch.ones(1))
