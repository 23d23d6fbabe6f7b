# Idioms of older tutorial models inside torch.compile, each traced without a graph break as PyTorch
# 2.11's Dynamo does: x.data (recorded as torch._C._autograd._get_data_attr), legacy typed constructors
# (torch.LongTensor([[...]]) in a forward, a graph node), F.softmax without dim (the implicit dim of
# torch.nn.functional._get_softmax_dim) and attn_mask.unsqueeze(1).repeat(1, heads, 1, 1), compiled with
# the default backend and trained through AOT autograd.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")  # softmax's implicit-dim deprecation warning
torch.manual_seed(0)


def graphs(fn, *args):
    e = torch._dynamo.explain(fn)(*args)
    return e.graph_count, e.graph_break_count, e.op_count


def pad_mask(seq_q, seq_k):
    batch_size, len_q = seq_q.size()
    batch_size, len_k = seq_k.size()
    return seq_k.data.eq(0).unsqueeze(1).expand(batch_size, len_q, len_k)


class Attention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.emb = nn.Embedding(6, d)
        self.pos = nn.Embedding(6, d)
        self.q = nn.Linear(d, d)

    def forward(self, tokens):
        x = self.emb(tokens) + self.pos(torch.LongTensor([[1, 2, 3, 4, 0]]))
        b = x.size(0)
        q = self.q(x).view(b, -1, self.heads, x.size(-1) // self.heads).transpose(1, 2)
        mask = pad_mask(tokens, tokens).unsqueeze(1).repeat(1, self.heads, 1, 1)
        scores = torch.matmul(q, q.transpose(-1, -2)).masked_fill(mask, -1e9)
        attn = F.softmax(scores.view(-1, scores.size(-1))).view_as(scores)
        out = torch.matmul(attn, q).transpose(1, 2).reshape(b, -1, x.size(-1))
        return out, F.log_softmax(out.sum(1))


model = Attention(8, 2)
tokens = torch.tensor([[1, 3, 2, 5, 0], [4, 4, 1, 0, 0]])
print(graphs(model, tokens))
eager_out, eager_logp = model(tokens)
compiled = torch.compile(model)
out, logp = compiled(tokens)
print(torch.allclose(out, eager_out, atol=1e-6), torch.allclose(logp, eager_logp, atol=1e-6))

opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    out, logp = compiled(tokens)
    loss = -logp[:, 1].mean() + out.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(model.q.weight.grad.abs().sum().item(), 4))


def data_and_types(x, w):
    m = x.data.eq(0)
    y = (w * x).sum()
    return y.data * 2 + m.sum() + torch.FloatTensor([0.5, 1.5]).sum(), y


x = torch.tensor([0., 1., 2.])
w = torch.ones(3, requires_grad=True)
print(graphs(data_and_types, x, w))
r, y = torch.compile(data_and_types)(x, w)
print(r, r.requires_grad, y.requires_grad, y.grad_fn is not None)


def tile(x):
    return x.repeat(2, 1, 3), x.repeat(1, 1), F.softmax(x), F.softmax(x.view(2, 3, 1)).squeeze(-1)


x = torch.randn(2, 3, requires_grad=True)
print(graphs(tile, x))
c = torch.compile(tile)(x)
e = tile(x)
print([tuple(t.shape) for t in c], all(torch.allclose(a, b, atol=1e-6) for a, b in zip(c, e)))
sum(t.sum() * (i + 1) for i, t in enumerate(c)).backward()
print(x.grad)
