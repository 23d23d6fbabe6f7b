# badinput: t view zero infer (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous
import torch
print(torch.ones(0, 3).view(-1, 0))
