# badinput: Embedding padding_idx past num_embeddings
# expect-exit: 1
# expect-stderr: AssertionError: Padding_idx must be within num_embeddings
import torch
torch.nn.Embedding(10, 3, padding_idx=10)
