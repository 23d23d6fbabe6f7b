# badinput: torch.compiler.disable of an int
# expect-exit: 1
# expect-stderr: TypeError: torch.compiler.disable expects a callable
import torch
torch.compiler.disable(5)
