# badinput: torch.nn / utils misuse: nn embedding oob
# expect-exit: 1
# expect-stderr: IndexError: index out of range in self
import torch
torch.nn.Embedding(3, 2)(torch.tensor([5]))
