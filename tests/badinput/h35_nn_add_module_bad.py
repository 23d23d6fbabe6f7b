# badinput: torch.nn / utils misuse: nn add module bad
# expect-exit: 1
# expect-stderr: TypeError: int is not a Module subclass
import torch
m = torch.nn.Module()
m.add_module("x", 5)
