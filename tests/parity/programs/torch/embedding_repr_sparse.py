# nn.Embedding's extra_repr (torch/nn/modules/sparse.py): padding_idx, max_norm, norm_type when not 2,
# and sparse=True when set; from_pretrained keeps sparse; EmbeddingBag's mode in quotes.
import torch
import torch.nn as nn

torch.manual_seed(0)
print(nn.Embedding(10, 3))
print(nn.Embedding(5, 2, max_norm=1.0, norm_type=2., sparse=True))
print(nn.Embedding(5, 2, padding_idx=-1, norm_type=1.0, sparse=False))
e = nn.Embedding(4, 2, sparse=True)
print(e.sparse, e(torch.tensor([1, 2])).shape)
w = torch.FloatTensor([[1, 2.3, 3], [4, 5.1, 6.3]])
p = nn.Embedding.from_pretrained(w, sparse=True)
print(p, p.sparse, p.scale_grad_by_freq)
print(nn.Embedding.from_pretrained(w, padding_idx=0, max_norm=2.0))
print(nn.EmbeddingBag(10, 3, mode='sum', padding_idx=2), nn.EmbeddingBag(10, 3, max_norm=1.5))
