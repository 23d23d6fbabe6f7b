# badinput: t jit script lambda (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Expected a single top-level function: t_jit_script_lambda.py:5
import torch
torch.jit.script(lambda x: x)
