# badinput: torch._dynamo.explain of an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
import torch
torch._dynamo.explain(5)()
