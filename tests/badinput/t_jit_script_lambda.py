# badinput: t jit script lambda (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: torch.jit.script: could not find the definition of <lambda>
import torch
torch.jit.script(lambda x: x)
