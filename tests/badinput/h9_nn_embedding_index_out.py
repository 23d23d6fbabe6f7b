# badinput: Embedding index past num_embeddings
# expect-exit: 1
# expect-stderr: IndexError: index out of range in self
import torch
torch.nn.Embedding(10, 3)(torch.tensor([10]))
