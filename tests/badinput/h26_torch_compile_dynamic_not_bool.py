# badinput: torch.compile(dynamic='yes'): dynamo's bare assert on its tri-state flag (was accepted silently)
# expect-exit: 1
# expect-stderr: AssertionError
import torch
torch.compile(lambda x: x, dynamic='yes')(torch.ones(1))
