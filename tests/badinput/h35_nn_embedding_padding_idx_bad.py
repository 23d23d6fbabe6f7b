# badinput: torch.nn / utils misuse: nn embedding padding idx bad
# expect-exit: 1
# expect-stderr: AssertionError: Padding_idx must be within num_embeddings
import torch
torch.nn.Embedding(3, 2, padding_idx=5)
