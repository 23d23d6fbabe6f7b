# badinput: torch.save of a lambda
# expect-exit: 1
# expect-stderr: Can't pickle <function <lambda>
import torch
torch.save(lambda x: x, "h35_l.pt")
