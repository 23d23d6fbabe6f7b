# badinput: embedding bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 4000000000000000 bytes.
import torch
torch.nn.Embedding(10 ** 12, 10 ** 3)
