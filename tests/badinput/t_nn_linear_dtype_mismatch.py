# badinput: t nn linear dtype mismatch (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 must have the same dtype, but got Long and Float
import torch
m = torch.nn.Linear(2, 2)
m(torch.ones(2, dtype=torch.int64))
