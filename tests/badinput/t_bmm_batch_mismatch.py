# badinput: t bmm batch mismatch (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].
import torch
torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 2))
