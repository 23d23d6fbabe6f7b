# badinput: torch.jit.script of a lambda
# expect-exit: 1
# expect-stderr: RuntimeError: Expected a single top-level function: h35_jit_script_lambda.py:5
import torch
torch.jit.script(lambda x: x)
