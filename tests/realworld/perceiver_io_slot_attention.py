# Real-program corpus (tests/realworld, see README.md): lucidrains' single-file attention models as
# their READMEs use them: Perceiver IO (lucidrains/perceiver-pytorch @
# 96097c6a27cc64fc1f196d3a58d32b8a82f573e1, perceiver_pytorch/perceiver_io.py: latents cross-attend
# to the input once, latent self-attention layers shared through a cached constructor
# (`functools.wraps` + `nonlocal`), decoder queries cross-attend to the latents; structured sequence
# dropout with topk indices and batch-index gathering; a PerceiverLM) and Slot Attention
# (lucidrains/slot-attention @ e66a1c4c94e5e91e9519213853259e55be3d0132, slot_attention.py: slots
# sampled from a learned Gaussian, iterative attention normalised over slots, a GRUCell update).
# It exercises einops rearrange/repeat with `(b h)` groupings and `()` axes, `torch.finfo(dtype).max`
# masking with masked_fill_, star-unpacking of shapes (`b, *_, device = *x.shape, x.device`),
# weight tying by caching, boolean masks through `~`, and short training loops. Changes: tiny sizes,
# random data, a few Adam steps and a reconstruction objective for the slots. Written for Kiln, not
# copied.
from functools import wraps

import torch
import torch.nn.functional as F
from einops import rearrange, repeat
from torch import einsum, nn
from torch.nn import init

torch.manual_seed(0)


def exists(val):
    return val is not None


def default(val, d):
    return val if exists(val) else d


def cache_fn(f):
    cache = None

    @wraps(f)
    def cached_fn(*args, _cache=True, **kwargs):
        if not _cache:
            return f(*args, **kwargs)
        nonlocal cache
        if cache is not None:
            return cache
        cache = f(*args, **kwargs)
        return cache
    return cached_fn


def dropout_seq(seq, mask, dropout):
    b, n, *_, device = *seq.shape, seq.device
    logits = torch.randn(b, n, device=device)
    if exists(mask):
        logits = logits.masked_fill(~mask, -torch.finfo(logits.dtype).max)
    keep_prob = 1. - dropout
    num_keep = max(1, int(keep_prob * n))
    keep_indices = logits.topk(num_keep, dim=1).indices
    batch_indices = rearrange(torch.arange(b, device=device), 'b -> b 1')
    seq = seq[batch_indices, keep_indices]
    if exists(mask):
        seq_counts = mask.sum(dim=-1)
        seq_keep_counts = torch.ceil(seq_counts * keep_prob).int()
        keep_mask = torch.arange(num_keep, device=device) < rearrange(seq_keep_counts, 'b -> b 1')
        mask = mask[batch_indices, keep_indices] & keep_mask
    return seq, mask


class PreNorm(nn.Module):
    def __init__(self, dim, fn, context_dim=None):
        super().__init__()
        self.fn = fn
        self.norm = nn.LayerNorm(dim)
        self.norm_context = nn.LayerNorm(context_dim) if exists(context_dim) else None

    def forward(self, x, **kwargs):
        x = self.norm(x)
        if exists(self.norm_context):
            kwargs.update(context=self.norm_context(kwargs['context']))
        return self.fn(x, **kwargs)


class GEGLU(nn.Module):
    def forward(self, x):
        x, gates = x.chunk(2, dim=-1)
        return x * F.gelu(gates)


class FeedForward(nn.Module):
    def __init__(self, dim, mult=4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim * mult * 2), GEGLU(), nn.Linear(dim * mult, dim))

    def forward(self, x):
        return self.net(x)


class Attention(nn.Module):
    def __init__(self, query_dim, context_dim=None, heads=8, dim_head=64):
        super().__init__()
        inner_dim = dim_head * heads
        context_dim = default(context_dim, query_dim)
        self.scale = dim_head ** -0.5
        self.heads = heads
        self.to_q = nn.Linear(query_dim, inner_dim, bias=False)
        self.to_kv = nn.Linear(context_dim, inner_dim * 2, bias=False)
        self.to_out = nn.Linear(inner_dim, query_dim)

    def forward(self, x, context=None, mask=None):
        h = self.heads
        q = self.to_q(x)
        context = default(context, x)
        k, v = self.to_kv(context).chunk(2, dim=-1)
        q, k, v = map(lambda t: rearrange(t, 'b n (h d) -> (b h) n d', h=h), (q, k, v))
        sim = einsum('b i d, b j d -> b i j', q, k) * self.scale
        if exists(mask):
            mask = rearrange(mask, 'b ... -> b (...)')
            max_neg_value = -torch.finfo(sim.dtype).max
            mask = repeat(mask, 'b j -> (b h) () j', h=h)
            sim.masked_fill_(~mask, max_neg_value)
        attn = sim.softmax(dim=-1)
        out = einsum('b i j, b j d -> b i d', attn, v)
        out = rearrange(out, '(b h) n d -> b n (h d)', h=h)
        return self.to_out(out)


class PerceiverIO(nn.Module):
    def __init__(self, *, depth, dim, queries_dim, logits_dim=None, num_latents=512, latent_dim=512,
                 cross_heads=1, latent_heads=8, cross_dim_head=64, latent_dim_head=64,
                 weight_tie_layers=False, decoder_ff=False, seq_dropout_prob=0.):
        super().__init__()
        self.seq_dropout_prob = seq_dropout_prob
        self.latents = nn.Parameter(torch.randn(num_latents, latent_dim))
        self.cross_attend_blocks = nn.ModuleList([
            PreNorm(latent_dim, Attention(latent_dim, dim, heads=cross_heads, dim_head=cross_dim_head), context_dim=dim),
            PreNorm(latent_dim, FeedForward(latent_dim)),
        ])
        get_latent_attn = lambda: PreNorm(latent_dim, Attention(latent_dim, heads=latent_heads, dim_head=latent_dim_head))
        get_latent_ff = lambda: PreNorm(latent_dim, FeedForward(latent_dim))
        get_latent_attn, get_latent_ff = map(cache_fn, (get_latent_attn, get_latent_ff))
        self.layers = nn.ModuleList([])
        cache_args = {'_cache': weight_tie_layers}
        for i in range(depth):
            self.layers.append(nn.ModuleList([get_latent_attn(**cache_args), get_latent_ff(**cache_args)]))
        self.decoder_cross_attn = PreNorm(queries_dim, Attention(queries_dim, latent_dim, heads=cross_heads,
                                                                 dim_head=cross_dim_head), context_dim=latent_dim)
        self.decoder_ff = PreNorm(queries_dim, FeedForward(queries_dim)) if decoder_ff else None
        self.to_logits = nn.Linear(queries_dim, logits_dim) if exists(logits_dim) else nn.Identity()

    def forward(self, data, mask=None, queries=None):
        b, *_, device = *data.shape, data.device
        x = repeat(self.latents, 'n d -> b n d', b=b)
        cross_attn, cross_ff = self.cross_attend_blocks
        if self.training and self.seq_dropout_prob > 0.:
            data, mask = dropout_seq(data, mask, self.seq_dropout_prob)
        x = cross_attn(x, context=data, mask=mask) + x
        x = cross_ff(x) + x
        for self_attn, self_ff in self.layers:
            x = self_attn(x) + x
            x = self_ff(x) + x
        if not exists(queries):
            return x
        if queries.ndim == 2:
            queries = repeat(queries, 'n d -> b n d', b=b)
        latents = self.decoder_cross_attn(queries, context=x)
        if exists(self.decoder_ff):
            latents = latents + self.decoder_ff(latents)
        return self.to_logits(latents)


class PerceiverLM(nn.Module):
    def __init__(self, *, dim, num_tokens, max_seq_len, **kwargs):
        super().__init__()
        self.token_emb = nn.Embedding(num_tokens, dim)
        self.pos_emb = nn.Embedding(max_seq_len, dim)
        self.perceiver_io = PerceiverIO(dim=dim, queries_dim=dim, logits_dim=num_tokens, **kwargs)

    def forward(self, x, mask=None):
        n, device = x.shape[1], x.device
        x = self.token_emb(x)
        pos_emb = self.pos_emb(torch.arange(n, device=device))
        pos_emb = rearrange(pos_emb, 'n d -> () n d')
        x = x + pos_emb
        return self.perceiver_io(x, mask=mask, queries=x)


# Perceiver IO: shapes, weight tying through the cache, structured dropout.
model = PerceiverIO(dim=16, queries_dim=24, logits_dim=10, depth=3, num_latents=8, latent_dim=32,
                    cross_heads=1, latent_heads=4, cross_dim_head=8, latent_dim_head=8,
                    weight_tie_layers=True, seq_dropout_prob=0.25)
untied = PerceiverIO(dim=16, queries_dim=24, logits_dim=10, depth=3, num_latents=8, latent_dim=32,
                     latent_heads=4, cross_dim_head=8, latent_dim_head=8)
print('tied layers share modules:', model.layers[0][0] is model.layers[2][0],
      'parameters tied/untied:', sum(p.numel() for p in model.parameters()),
      sum(p.numel() for p in untied.parameters()))
seq = torch.randn(2, 12, 16)
mask = torch.ones(2, 12, dtype=torch.bool)
mask[1, 7:] = False
queries = torch.randn(5, 24)
model.eval()
print('eval logits:', model(seq, mask=mask, queries=queries).shape, 'latents only:', model(seq).shape)
model.train()
dropped, dmask = dropout_seq(seq, mask, 0.25)
print('structured dropout:', dropped.shape, dmask.sum(-1).tolist())
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
target = torch.randint(0, 10, (2, 5))
for step in range(3):
    logits = model(seq, mask=mask, queries=queries)
    loss = F.cross_entropy(rearrange(logits, 'b n c -> (b n) c'), rearrange(target, 'b n -> (b n)'))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f'perceiver io step {step}: loss {loss.item():.4f}')

# PerceiverLM on random tokens with a padding mask.
lm = PerceiverLM(num_tokens=20, dim=16, depth=2, max_seq_len=12, num_latents=6, latent_dim=24, cross_heads=1,
                 latent_heads=2, cross_dim_head=8, latent_dim_head=8)
tokens = torch.randint(0, 20, (3, 12))
pad = torch.arange(12)[None, :] < torch.tensor([[12], [9], [5]])
lm_opt = torch.optim.Adam(lm.parameters(), lr=2e-3)
for step in range(3):
    logits = lm(tokens[:, :-1], mask=pad[:, :-1])
    loss = F.cross_entropy(rearrange(logits, 'b n c -> b c n'), tokens[:, 1:], reduction='none')
    loss = (loss * pad[:, 1:]).sum() / pad[:, 1:].sum()
    lm_opt.zero_grad()
    loss.backward()
    lm_opt.step()
    print(f'perceiver lm step {step}: loss {loss.item():.4f}')


class SlotAttention(nn.Module):
    def __init__(self, num_slots, dim, iters=3, eps=1e-8, hidden_dim=128):
        super().__init__()
        self.dim = dim
        self.num_slots = num_slots
        self.iters = iters
        self.eps = eps
        self.scale = dim ** -0.5
        self.slots_mu = nn.Parameter(torch.randn(1, 1, dim))
        self.slots_logsigma = nn.Parameter(torch.zeros(1, 1, dim))
        init.xavier_uniform_(self.slots_logsigma)
        self.to_q = nn.Linear(dim, dim)
        self.to_k = nn.Linear(dim, dim)
        self.to_v = nn.Linear(dim, dim)
        self.gru = nn.GRUCell(dim, dim)
        hidden_dim = max(dim, hidden_dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden_dim), nn.ReLU(inplace=True), nn.Linear(hidden_dim, dim))
        self.norm_input = nn.LayerNorm(dim)
        self.norm_slots = nn.LayerNorm(dim)
        self.norm_pre_ff = nn.LayerNorm(dim)

    def forward(self, inputs, num_slots=None):
        b, n, d, device, dtype = *inputs.shape, inputs.device, inputs.dtype
        n_s = num_slots if num_slots is not None else self.num_slots
        mu = self.slots_mu.expand(b, n_s, -1)
        sigma = self.slots_logsigma.exp().expand(b, n_s, -1)
        slots = mu + sigma * torch.randn(mu.shape, device=device, dtype=dtype)
        inputs = self.norm_input(inputs)
        k, v = self.to_k(inputs), self.to_v(inputs)
        for _ in range(self.iters):
            slots_prev = slots
            slots = self.norm_slots(slots)
            q = self.to_q(slots)
            dots = torch.einsum('bid,bjd->bij', q, k) * self.scale
            attn = dots.softmax(dim=1) + self.eps
            attn = attn / attn.sum(dim=-1, keepdim=True)
            updates = torch.einsum('bjd,bij->bid', v, attn)
            slots = self.gru(updates.reshape(-1, d), slots_prev.reshape(-1, d))
            slots = slots.reshape(b, -1, d)
            slots = slots + self.mlp(self.norm_pre_ff(slots))
        return slots


# Slot attention as an autoencoder bottleneck over a set of features.
slot_attn = SlotAttention(num_slots=4, dim=32, iters=3, hidden_dim=64)
decoder = nn.Linear(32, 32)
inputs = torch.randn(2, 16, 32)
print('slots:', slot_attn(inputs).shape, 'with 6 slots:', slot_attn(inputs, num_slots=6).shape)
params = list(slot_attn.parameters()) + list(decoder.parameters())
sa_opt = torch.optim.Adam(params, lr=1e-3)
for step in range(3):
    slots = slot_attn(inputs)
    recon = einsum('b s d, b n d -> b n s', decoder(slots), inputs).softmax(-1)
    recon = einsum('b n s, b s d -> b n d', recon, slots)
    loss = F.mse_loss(recon, inputs)
    sa_opt.zero_grad()
    loss.backward()
    sa_opt.step()
    print(f'slot attention step {step}: loss {loss.item():.4f}')
print('gru gate parameters:', [tuple(p.shape) for n, p in slot_attn.gru.named_parameters()])
