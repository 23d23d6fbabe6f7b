# badinput: torch.export.export of a lambda
# expect-exit: 1
# expect-stderr: ValueError: Expected `mod` to be an instance of `torch.nn.Module`, got <class 'function'>.
import torch
torch.export.export(lambda x: x, (torch.ones(1),))
