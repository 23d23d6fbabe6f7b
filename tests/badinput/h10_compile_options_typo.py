# badinput: compile options typo
# expect-exit: 1
# expect-stderr: RuntimeError: Unexpected optimization option max_autotun, known options are [
import torch
import torch.nn as nn
torch.compile(nn.Linear(2, 2), options={"max_autotun": True})
