# badinput: torch.compile with dynamic='yes' (dynamo's bare assert)
# expect-exit: 1
# expect-stderr: AssertionError
import torch
torch.compile(lambda x: x, dynamic="yes")
