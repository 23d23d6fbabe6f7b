# badinput: torch.nn / utils misuse: nn modulelist bad
# expect-exit: 1
# expect-stderr: TypeError: int is not a Module subclass
import torch
torch.nn.ModuleList([5])
