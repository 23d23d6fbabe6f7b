# badinput: torch.fx.symbolic_trace(3): the tracer's FunctionType assertion
# expect-exit: 1
# expect-stderr: AssertionError: Expected FunctionType, got <class 'int'>
import torch
torch.fx.symbolic_trace(3)
