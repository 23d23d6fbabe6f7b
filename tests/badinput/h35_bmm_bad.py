# badinput: torch API misuse: bmm bad
# expect-exit: 1
# expect-stderr: RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [3, 4].
import torch
torch.bmm(torch.ones(2, 3, 4), torch.ones(3, 4, 5))
