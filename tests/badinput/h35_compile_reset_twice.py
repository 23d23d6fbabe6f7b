# badinput: torch._dynamo.reset twice
# expect-exit: 0
# expect-stdout: ok
import torch
torch._dynamo.reset()
torch._dynamo.reset()
print("ok")
