# badinput: fx.symbolic_trace of an int
# expect-exit: 1
# expect-stderr: AssertionError: Expected FunctionType, got <class 'int'>
import torch
import torch.fx
torch.fx.symbolic_trace(5)
