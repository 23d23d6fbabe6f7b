# badinput: fx Interpreter.run with too few arguments
# expect-exit: 1
# expect-stderr-has: Expected positional argument for parameter y, but one was not passed in!
import torch
import torch.fx
gm = torch.fx.symbolic_trace(lambda x, y: x + y)
torch.fx.Interpreter(gm).run(torch.ones(1))
