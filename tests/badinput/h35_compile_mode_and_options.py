# badinput: torch.compile with both mode and options
# expect-exit: 1
# expect-stderr: RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.
import torch
torch.compile(lambda x: x, mode="default", options={"x": 1})
