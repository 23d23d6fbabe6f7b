# badinput: tensor hash in set ok (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: KeyError: tensor([1.])
# expect-stdout: 2
import torch
s = {torch.ones(1), torch.ones(1)}
print(len(s))
{torch.ones(1): 1}[torch.ones(1)]
