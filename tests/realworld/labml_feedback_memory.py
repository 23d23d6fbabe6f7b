# Real-program corpus (tests/realworld, see README.md): the shape of labml.ai's annotated paper
# implementations (labmlai/annotated_deep_learning_paper_implementations @
# e6b3c8a6a2cdae4071bcde1abeaaf9a2bc37bd53: labml_nn/transformers/mha.py, feed_forward.py,
# feedback/__init__.py, rope/__init__.py, alibi/__init__.py and the labml.configs BaseConfigs the
# experiments are configured with). It exercises a configs class whose metaclass answers
# annotation-only names through __getattr__ (`FeedForwardConfigs.ffn` in labml's option decorators),
# sequence-first multi-head attention through einsum with `[seq, seq, batch]` masks, rotary
# embeddings on part of each head, ALiBi slopes and biases, and the Feedback Transformer's
# key/value stack: a torch.autograd.Function that returns a slice of a preallocated memory and
# accumulates its gradient by hand, while each step writes the next entry through `memory.data[n]`
# (PyTorch gives `.data` its own version counter, so those writes do not invalidate the slices
# autograd saved earlier). Changes: a small stand-in for labml's configs (the real one lives in the
# labml package), tiny sizes, random tokens, a few Adam steps. Written for Kiln, not copied.
import math
from typing import List, Optional

import torch
from torch import nn

torch.manual_seed(0)


# --- labml-style configs: options are registered against `Configs.name` --------------------------
class _ConfigsMeta(type):
    # labml's BaseConfigs lets `SomeConfigs.field` name an annotated field that has no value yet.
    def __getattr__(cls, name):
        if name in cls.__dict__.get('__annotations__', {}):
            return (cls.__name__, name)
        raise AttributeError(f"type object '{cls.__name__}' has no attribute '{name}'")


_options = {}


def option(field, name='default'):
    def deco(fn):
        _options[(field, name)] = fn
        return fn
    return deco


class BaseConfigs(metaclass=_ConfigsMeta):
    def __init__(self, **values):
        for k, v in values.items():
            setattr(self, k, v)

    def compute(self, field_name):
        key = type(self).__getattr__(field_name)
        return _options[(key, getattr(self, field_name + '_kind', 'default'))](self)


class FeedForwardConfigs(BaseConfigs):
    ffn: nn.Module
    d_model: int = 32
    d_ff: int = 64
    dropout: float = 0.0


class FeedForward(nn.Module):
    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.1, activation=nn.ReLU(),
                 is_gated: bool = False):
        super().__init__()
        self.layer1 = nn.Linear(d_model, d_ff)
        self.layer2 = nn.Linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)
        self.activation = activation
        self.is_gated = is_gated
        if is_gated:
            self.linear_v = nn.Linear(d_model, d_ff)

    def forward(self, x: torch.Tensor):
        g = self.activation(self.layer1(x))
        if self.is_gated:
            x = g * self.linear_v(x)
        else:
            x = g
        return self.layer2(self.dropout(x))


@option(FeedForwardConfigs.ffn, 'default')
def _feed_forward(c: FeedForwardConfigs):
    return FeedForward(c.d_model, c.d_ff, dropout=c.dropout)


@option(FeedForwardConfigs.ffn, 'GEGLU')
def _geglu(c: FeedForwardConfigs):
    return FeedForward(c.d_model, c.d_ff, dropout=c.dropout, activation=nn.GELU(), is_gated=True)


print('option keys:', sorted(_options))
try:
    FeedForwardConfigs.not_a_field
except AttributeError as e:
    print('AttributeError:', e)


# --- sequence-first multi-head attention ----------------------------------------------------------
class PrepareForMultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, heads: int, d_k: int, bias: bool):
        super().__init__()
        self.linear = nn.Linear(d_model, heads * d_k, bias=bias)
        self.heads = heads
        self.d_k = d_k

    def forward(self, x: torch.Tensor):
        head_shape = x.shape[:-1]
        x = self.linear(x)
        return x.view(*head_shape, self.heads, self.d_k)


class MultiHeadAttention(nn.Module):
    def __init__(self, heads: int, d_model: int, dropout_prob: float = 0.1, bias: bool = True):
        super().__init__()
        self.d_k = d_model // heads
        self.heads = heads
        self.query = PrepareForMultiHeadAttention(d_model, heads, self.d_k, bias=bias)
        self.key = PrepareForMultiHeadAttention(d_model, heads, self.d_k, bias=bias)
        self.value = PrepareForMultiHeadAttention(d_model, heads, self.d_k, bias=True)
        self.softmax = nn.Softmax(dim=1)
        self.output = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout_prob)
        self.scale = 1 / math.sqrt(self.d_k)
        self.attn = None

    def get_scores(self, query: torch.Tensor, key: torch.Tensor):
        return torch.einsum('ibhd,jbhd->ijbh', query, key)

    def prepare_mask(self, mask: torch.Tensor, query_shape: List[int], key_shape: List[int]):
        assert mask.shape[0] == 1 or mask.shape[0] == query_shape[0]
        assert mask.shape[1] == key_shape[0]
        assert mask.shape[2] == 1 or mask.shape[2] == query_shape[1]
        return mask.unsqueeze(-1)

    def forward(self, *, query, key, value, mask: Optional[torch.Tensor] = None):
        seq_len, batch_size, _ = query.shape
        if mask is not None:
            mask = self.prepare_mask(mask, query.shape, key.shape)
        query = self.query(query)
        key = self.key(key)
        value = self.value(value)
        scores = self.get_scores(query, key)
        scores *= self.scale
        if mask is not None:
            scores = scores.masked_fill(mask == 0, float('-inf'))
        attn = self.softmax(scores)
        attn = self.dropout(attn)
        x = torch.einsum('ijbh,jbhd->ibhd', attn, value)
        self.attn = attn.detach()
        x = x.reshape(seq_len, batch_size, -1)
        return self.output(x)


def subsequent_mask(seq_len):
    return torch.tril(torch.ones(seq_len, seq_len)).to(torch.bool).unsqueeze(-1)


# --- rotary embeddings on the first half of each head ---------------------------------------------
class RotaryPositionalEmbeddings(nn.Module):
    def __init__(self, d: int, base: int = 10_000):
        super().__init__()
        self.base = base
        self.d = d
        self.cos_cached = None
        self.sin_cached = None

    def _build_cache(self, x: torch.Tensor):
        if self.cos_cached is not None and x.shape[0] <= self.cos_cached.shape[0]:
            return
        seq_len = x.shape[0]
        theta = 1. / (self.base ** (torch.arange(0, self.d, 2).float() / self.d)).to(x.device)
        seq_idx = torch.arange(seq_len, device=x.device).float().to(x.device)
        idx_theta = torch.einsum('n,d->nd', seq_idx, theta)
        idx_theta2 = torch.cat([idx_theta, idx_theta], dim=1)
        self.cos_cached = idx_theta2.cos()[:, None, None, :]
        self.sin_cached = idx_theta2.sin()[:, None, None, :]

    def _neg_half(self, x: torch.Tensor):
        d_2 = self.d // 2
        return torch.cat([-x[:, :, :, d_2:], x[:, :, :, :d_2]], dim=-1)

    def forward(self, x: torch.Tensor):
        self._build_cache(x)
        x_rope, x_pass = x[..., :self.d], x[..., self.d:]
        neg_half_x = self._neg_half(x_rope)
        x_rope = (x_rope * self.cos_cached[:x.shape[0]]) + (neg_half_x * self.sin_cached[:x.shape[0]])
        return torch.cat((x_rope, x_pass), dim=-1)


class RotaryPEMultiHeadAttention(MultiHeadAttention):
    def __init__(self, heads: int, d_model: int, rope_percentage: float = 0.5, dropout_prob: float = 0.0):
        super().__init__(heads, d_model, dropout_prob)
        d_rope = int(self.d_k * rope_percentage)
        self.query_rotary_pe = RotaryPositionalEmbeddings(d_rope)
        self.key_rotary_pe = RotaryPositionalEmbeddings(d_rope)

    def get_scores(self, query, key):
        return torch.einsum('ibhd,jbhd->ijbh', self.query_rotary_pe(query), self.key_rotary_pe(key))


x = torch.tensor([[1, 2, 3, 4], [4, 5, 6, 7], [7, 8, 9, 10]], dtype=torch.float)
x = x[:, None, None, :]
print('rotated:', RotaryPositionalEmbeddings(4)(x)[:, 0, 0, :].round(decimals=4))


# --- ALiBi ------------------------------------------------------------------------------------------
def get_slopes(n_heads: int):
    n = 2 ** math.floor(math.log2(n_heads))
    m_0 = 2.0 ** (-8.0 / n)
    m = torch.pow(m_0, torch.arange(1, 1 + n))
    if n < n_heads:
        m_hat_0 = 2.0 ** (-4.0 / n)
        m_hat = torch.pow(m_hat_0, torch.arange(1, 1 + 2 * (n_heads - n), 2))
        m = torch.cat([m, m_hat])
    return m


@torch.no_grad()
def get_alibi_biases(n_heads: int, mask: torch.Tensor):
    m = get_slopes(n_heads).to(mask.device)
    distance = mask.cumsum(dim=-1)
    return distance[:, :, None] * m[None, None, :]


class AlibiMultiHeadAttention(MultiHeadAttention):
    def __init__(self, heads: int, d_model: int, dropout_prob: float = 0.0):
        super().__init__(heads, d_model, dropout_prob)
        self.alibi_biases = None

    def forward(self, *, query, key, value, mask: Optional[torch.Tensor] = None):
        assert mask is not None
        assert mask.shape[0] == mask.shape[1] and mask.shape[2] == 1
        seq_len, batch_size, _ = query.shape
        mask = self.prepare_mask(mask, query.shape, key.shape)
        query = self.query(query)
        key = self.key(key)
        value = self.value(value)
        scores = self.get_scores(query, key)
        scores *= self.scale
        if self.alibi_biases is None or self.alibi_biases.shape[1] < seq_len:
            self.alibi_biases = get_alibi_biases(scores.shape[-1], mask[:, :, 0, 0])
        scores += self.alibi_biases[:seq_len, :seq_len, None, :]
        scores = scores.masked_fill(mask == 0, float('-inf'))
        attn = self.softmax(scores)
        attn = self.dropout(attn)
        x = torch.einsum('ijbh,jbhd->ibhd', attn, value)
        x = x.reshape(seq_len, batch_size, -1)
        return self.output(x)


print('slopes 6 heads:', get_slopes(6))
print('alibi biases row 3:', get_alibi_biases(2, subsequent_mask(4)[:, :, 0])[3])


# --- Feedback Transformer with a shared key/value memory -------------------------------------------
class StackFunction(torch.autograd.Function):
    # Returns memory[:n + 1] without copying; the gradient of every earlier step is summed into
    # memory_grad and handed to the step's value when that step is popped (n).
    @staticmethod
    def forward(ctx, memory, memory_grad, last, n):
        ctx._mem_grad = memory_grad
        ctx._n = n
        return memory[:n + 1]

    @staticmethod
    def backward(ctx, grad_output):
        n = ctx._n
        memory_grad = ctx._mem_grad
        memory_grad[:n + 1] += grad_output
        return None, None, memory_grad[n], None


class Stack:
    def __init__(self, max_len: int):
        self.max_len = max_len
        self.memory = None
        self.memory_grad = None
        self.last = None
        self.n = -1
        self.last_get_n = -1

    def append(self, n: int, value: torch.Tensor):
        assert n == 0 or self.last_get_n == n - 1, f"{n}, {self.last_get_n}"
        with torch.no_grad():
            if self.memory is None or self.memory.shape[1:] != value.shape:
                assert n == 0
                self.memory = value.new_zeros(self.max_len, *value.shape, requires_grad=False)
                self.memory_grad = value.new_zeros(self.memory.shape, requires_grad=False)
            elif n == 0:
                self.memory_grad.fill_(0.)
            # through .data: autograd does not see this write
            self.memory.data[n] = value.detach()
            self.n = n
        self.last = value

    def get(self):
        self.last_get_n = self.n
        return StackFunction.apply(self.memory, self.memory_grad, self.last, self.n)

    def free(self):
        self.memory = None
        self.memory_grad = None
        self.last = None


class FeedbackAttention(nn.Module):
    def __init__(self, heads: int, d_model: int, dropout_prob: float = 0.0):
        super().__init__()
        self.d_k = d_model // heads
        self.heads = heads
        self.query = PrepareForMultiHeadAttention(d_model, heads, self.d_k, False)
        self.softmax = nn.Softmax(dim=0)
        self.output = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout_prob)
        self.scale = 1 / math.sqrt(self.d_k)
        self.key_pos_embeddings = nn.Parameter(torch.zeros((2 ** 6, heads, self.d_k)), requires_grad=True)
        self.key_pos_bias = nn.Parameter(torch.zeros((2 ** 6, heads)), requires_grad=True)
        self.query_pos_bias = nn.Parameter(torch.zeros((heads, self.d_k)), requires_grad=True)

    def get_scores(self, query: torch.Tensor, key: torch.Tensor):
        key_pos_emb = self.key_pos_embeddings[-key.shape[0]:]
        key_pos_bias = self.key_pos_bias[-key.shape[0]:]
        query_pos_bias = self.query_pos_bias[None, :, :]
        ac = torch.einsum('bhd,jbhd->jbh', query + query_pos_bias, key)
        bd = torch.einsum('bhd,jhd->jbh', query, key_pos_emb) + key_pos_bias[:, None, :]
        return ac + bd

    def forward(self, *, query, key, value):
        query = self.query(query)
        scores = self.get_scores(query, key)
        scores *= self.scale
        attn = self.softmax(scores)
        attn = self.dropout(attn)
        x = torch.einsum('jbh,jbhd->bhd', attn, value)
        x = x.reshape(x.shape[0], -1)
        return self.output(x)


class FeedbackTransformerLayer(nn.Module):
    def __init__(self, *, d_model: int, attn: FeedbackAttention, feed_forward: FeedForward):
        super().__init__()
        self.size = d_model
        self.attn = attn
        self.feed_forward = feed_forward
        self.norm_self_attn = nn.LayerNorm([d_model])
        self.norm_ff = nn.LayerNorm([d_model])

    def forward(self, *, x, key, value):
        if key is not None:
            z = self.norm_self_attn(x)
            x = x + self.attn(query=z, key=key, value=value)
        z = self.norm_ff(x)
        return x + self.feed_forward(z)


class FeedbackTransformerKV(nn.Module):
    def __init__(self, layers: List[FeedbackTransformerLayer], d_model: int, heads: int):
        super().__init__()
        self.layers = nn.ModuleList(layers)
        self.norm = nn.LayerNorm([d_model])
        self.weights = nn.Parameter(torch.ones(len(layers) + 1), requires_grad=True)
        self.softmax = nn.Softmax(0)
        d_k = d_model // heads
        self.key = PrepareForMultiHeadAttention(d_model, heads, d_k, False)
        self.value = PrepareForMultiHeadAttention(d_model, heads, d_k, False)
        self.mem_key = Stack(64)
        self.mem_value = Stack(64)

    def forward(self, x_seq: torch.Tensor):
        x_seq = torch.unbind(x_seq, dim=0)
        res = []
        for step, x in enumerate(x_seq):
            layer_outputs = [x]
            key_tensor = None
            value_tensor = None
            if step > 0:
                key_tensor = self.mem_key.get()
                value_tensor = self.mem_value.get()
            for layer in self.layers:
                x = layer(x=x, key=key_tensor, value=value_tensor)
                layer_outputs.append(x)
            layer_outputs = torch.stack(layer_outputs)
            mem = torch.einsum('lbd,l->bd', layer_outputs, self.softmax(self.weights))
            self.mem_key.append(step, self.key(mem))
            self.mem_value.append(step, self.value(mem))
            res.append(x)
        res = torch.stack(res)
        return self.norm(res)

    def free(self):
        self.mem_key.free()
        self.mem_value.free()


class AutoregressiveModel(nn.Module):
    def __init__(self, n_vocab: int, d_model: int, transformer: nn.Module):
        super().__init__()
        self.src_embed = nn.Embedding(n_vocab, d_model)
        self.transformer = transformer
        self.generator = nn.Linear(d_model, n_vocab)

    def forward(self, x: torch.Tensor):
        x = self.src_embed(x)
        res = self.transformer(x)
        return self.generator(res), None


d_model, heads, n_vocab, seq_len, batch = 32, 4, 27, 9, 3
ff_configs = FeedForwardConfigs(d_model=d_model, d_ff=64, dropout=0.0)
layers = [FeedbackTransformerLayer(d_model=d_model, attn=FeedbackAttention(heads, d_model),
                                   feed_forward=ff_configs.compute('ffn')) for _ in range(2)]
model = AutoregressiveModel(n_vocab, d_model, FeedbackTransformerKV(layers, d_model, heads))
print('parameters:', sum(p.numel() for p in model.parameters()))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = torch.randint(0, n_vocab, (seq_len + 1, batch))
for step in range(4):
    inp, target = data[:-1], data[1:]
    output, _ = model(inp)
    loss = nn.functional.cross_entropy(output.view(-1, n_vocab), target.reshape(-1))
    optimizer.zero_grad()
    loss.backward()
    model.transformer.free()
    optimizer.step()
    print(f'step {step}: loss {loss.item():.4f}, memory weights grad {model.transformer.weights.grad.abs().sum().item():.4f}')

# The same `.data` rule on its own: writes through .data bump only the alias's counter.
m = torch.zeros(4, 3)
a = torch.ones(3, requires_grad=True)
saved = m[:2]
y = (a * saved).sum()
m.data[1] = 2.0
print('versions:', m._version, saved._version, m.data._version)
y.backward()
print('grad through the old slice:', a.grad)

# Rotary and ALiBi attention in a causal two-layer encoder, trained a few steps.
ff_configs.d_ff_kind = 'GEGLU'
encoders = nn.ModuleList([RotaryPEMultiHeadAttention(heads, d_model), AlibiMultiHeadAttention(heads, d_model)])
ffs = nn.ModuleList([ff_configs.compute('ffn') for _ in range(2)])
emb = nn.Embedding(n_vocab, d_model)
head = nn.Linear(d_model, n_vocab)
params = list(encoders.parameters()) + list(ffs.parameters()) + list(emb.parameters()) + list(head.parameters())
opt = torch.optim.Adam(params, lr=3e-3)
mask = subsequent_mask(seq_len)
for step in range(3):
    h = emb(data[:-1])
    for attn, ff in zip(encoders, ffs):
        h = h + attn(query=h, key=h, value=h, mask=mask)
        h = h + ff(h)
    loss = nn.functional.cross_entropy(head(h).view(-1, n_vocab), data[1:].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f'encoder step {step}: loss {loss.item():.4f}')
print('attention rows sum to 1:', torch.allclose(encoders[0].attn.sum(1), torch.ones(seq_len, batch, heads)))
