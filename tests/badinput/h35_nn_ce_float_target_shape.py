# badinput: torch.nn / utils misuse: nn ce float target shape
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
torch.nn.functional.cross_entropy(torch.randn(2, 3), torch.randn(2, 4))
