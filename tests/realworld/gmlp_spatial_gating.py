# Real-program corpus (tests/realworld, see README.md): gMLP ("Pay Attention to MLPs") in the shape of
# lucidrains/g-mlp-pytorch (g_mlp_pytorch.py, autoregressive_wrapper.py, train.py, README): spatial
# gating units mixing along the sequence with einsum('b h n d, h m n -> b h m d'), causal masks from
# `torch.ones(...).triu_(1).bool()` with masked_fill, circulant weights built with F.pad, einops
# repeat '... n -> ... (r n)' and a negative slice, token shifting through F.pad with a negative pad
# and `torch.cat((*shifted, *rest))`, the optional one-head attention (aMLP) whose causal mask fills
# `-torch.finfo(q.dtype).max`, stochastic depth via `torch.zeros(n).uniform_(0., 1.) > p` iterated with
# all()/zip, a fresh nn.Sequential(*layers) per forward, gMLPVision with einops' Rearrange/Reduce
# layers and non-square patches, keyword-only constructors, and train.py's character language model:
# bytes through gzip and np.frombuffer, np.split, a random-window Dataset, `cycle(DataLoader)`,
# gradient accumulation, clip_grad_norm_, and AutoregressiveWrapper.generate under stacked
# @torch.no_grad() / @eval_decorator with top-k filtering via scatter_ and multinomial sampling,
# decoded with `chr(max(32, token))` over tensor elements.
# Origin: lucidrains/g-mlp-pytorch g_mlp_pytorch/g_mlp_pytorch.py, g_mlp_pytorch/autoregressive_wrapper.py,
# train.py, README.md @ 970966c10c10770b2098b8f88c7d1f86efbf611b.
# Written for Kiln, not copied. Changes: in-memory gzip of this project's own text instead of
# data/enwik8.gz; np.fromstring (binary mode removed in NumPy 2) becomes np.frombuffer; dim 32, depth
# 2, sequences of 32, 4 batches, generation of 24 tokens; README models at dim 32 on 32x32 images;
# losses printed with 4 decimals; no .cuda().
import gzip
import random
from random import randrange

import numpy as np
import torch
import torch.nn.functional as F
from einops import rearrange, repeat
from einops.layers.torch import Rearrange, Reduce
from torch import einsum, nn
from torch.utils.data import DataLoader, Dataset


# ---- g_mlp_pytorch.py ----
def exists(val):
    return val is not None


def pair(val):
    return (val, val) if not isinstance(val, tuple) else val


def dropout_layers(layers, prob_survival):
    if prob_survival == 1:
        return layers
    num_layers = len(layers)
    to_drop = torch.zeros(num_layers).uniform_(0., 1.) > prob_survival
    if all(to_drop):
        rand_index = randrange(num_layers)
        to_drop[rand_index] = False
    return [layer for (layer, drop) in zip(layers, to_drop) if not drop]


def shift(t, amount, mask=None):
    if amount == 0:
        return t
    return F.pad(t, (0, 0, amount, -amount), value=0.)


class Residual(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x) + x


class PreShiftTokens(nn.Module):
    def __init__(self, shifts, fn):
        super().__init__()
        self.fn = fn
        self.shifts = tuple(shifts)

    def forward(self, x, **kwargs):
        if self.shifts == (0,):
            return self.fn(x, **kwargs)
        shifts = self.shifts
        segments = len(shifts)
        feats_per_shift = x.shape[-1] // segments
        splitted = x.split(feats_per_shift, dim=-1)
        segments_to_shift, rest = splitted[:segments], splitted[segments:]
        segments_to_shift = list(map(lambda args: shift(*args), zip(segments_to_shift, shifts)))
        x = torch.cat((*segments_to_shift, *rest), dim=-1)
        return self.fn(x, **kwargs)


class PreNorm(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.fn = fn
        self.norm = nn.LayerNorm(dim)

    def forward(self, x, **kwargs):
        return self.fn(self.norm(x), **kwargs)


class Attention(nn.Module):
    def __init__(self, dim_in, dim_out, dim_inner, causal=False):
        super().__init__()
        self.scale = dim_inner ** -0.5
        self.causal = causal
        self.to_qkv = nn.Linear(dim_in, dim_inner * 3, bias=False)
        self.to_out = nn.Linear(dim_inner, dim_out)

    def forward(self, x):
        device = x.device
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        sim = einsum('b i d, b j d -> b i j', q, k) * self.scale
        if self.causal:
            mask = torch.ones(sim.shape[-2:], device=device).triu(1).bool()
            sim.masked_fill_(mask[None, ...], -torch.finfo(q.dtype).max)
        attn = sim.softmax(dim=-1)
        out = einsum('b i j, b j d -> b i d', attn, v)
        return self.to_out(out)


class SpatialGatingUnit(nn.Module):
    def __init__(self, dim, dim_seq, causal=False, act=nn.Identity(), heads=1, init_eps=1e-3,
                 circulant_matrix=False):
        super().__init__()
        dim_out = dim // 2
        self.heads = heads
        self.causal = causal
        self.norm = nn.LayerNorm(dim_out)
        self.act = act
        if circulant_matrix:
            self.circulant_pos_x = nn.Parameter(torch.ones(heads, dim_seq))
            self.circulant_pos_y = nn.Parameter(torch.ones(heads, dim_seq))
        self.circulant_matrix = circulant_matrix
        shape = (heads, dim_seq,) if circulant_matrix else (heads, dim_seq, dim_seq)
        weight = torch.zeros(shape)
        self.weight = nn.Parameter(weight)
        init_eps /= dim_seq
        nn.init.uniform_(self.weight, -init_eps, init_eps)
        self.bias = nn.Parameter(torch.ones(heads, dim_seq))

    def forward(self, x, gate_res=None):
        device, n, h = x.device, x.shape[1], self.heads
        res, gate = x.chunk(2, dim=-1)
        gate = self.norm(gate)
        weight, bias = self.weight, self.bias
        if self.circulant_matrix:
            dim_seq = weight.shape[-1]
            weight = F.pad(weight, (0, dim_seq), value=0)
            weight = repeat(weight, '... n -> ... (r n)', r=dim_seq)
            weight = weight[:, :-dim_seq].reshape(h, dim_seq, 2 * dim_seq - 1)
            weight = weight[:, :, (dim_seq - 1):]
            pos_x, pos_y = self.circulant_pos_x, self.circulant_pos_y
            weight = weight * rearrange(pos_x, 'h i -> h i ()') * rearrange(pos_y, 'h j -> h () j')
        if self.causal:
            weight, bias = weight[:, :n, :n], bias[:, :n]
            mask = torch.ones(weight.shape[-2:], device=device).triu_(1).bool()
            mask = rearrange(mask, 'i j -> () i j')
            weight = weight.masked_fill(mask, 0.)
        gate = rearrange(gate, 'b n (h d) -> b h n d', h=h)
        gate = einsum('b h n d, h m n -> b h m d', gate, weight)
        gate = gate + rearrange(bias, 'h n -> () h n ()')
        gate = rearrange(gate, 'b h n d -> b n (h d)')
        if exists(gate_res):
            gate = gate + gate_res
        return self.act(gate) * res


class gMLPBlock(nn.Module):
    def __init__(self, *, dim, dim_ff, seq_len, heads=1, attn_dim=None, causal=False, act=nn.Identity(),
                 circulant_matrix=False):
        super().__init__()
        self.proj_in = nn.Sequential(nn.Linear(dim, dim_ff), nn.GELU())
        self.attn = Attention(dim, dim_ff // 2, attn_dim, causal) if exists(attn_dim) else None
        self.sgu = SpatialGatingUnit(dim_ff, seq_len, causal, act, heads, circulant_matrix=circulant_matrix)
        self.proj_out = nn.Linear(dim_ff // 2, dim)

    def forward(self, x):
        gate_res = self.attn(x) if exists(self.attn) else None
        x = self.proj_in(x)
        x = self.sgu(x, gate_res=gate_res)
        return self.proj_out(x)


class gMLP(nn.Module):
    def __init__(self, *, num_tokens=None, dim, depth, seq_len, heads=1, ff_mult=4, attn_dim=None,
                 prob_survival=1., causal=False, circulant_matrix=False, shift_tokens=0, act=nn.Identity()):
        super().__init__()
        assert (dim % heads) == 0, 'dimension must be divisible by number of heads'
        dim_ff = dim * ff_mult
        self.seq_len = seq_len
        self.prob_survival = prob_survival
        self.to_embed = nn.Embedding(num_tokens, dim) if exists(num_tokens) else nn.Identity()
        token_shifts = tuple(range(0 if causal else -shift_tokens, shift_tokens + 1))
        self.layers = nn.ModuleList([Residual(PreNorm(dim, PreShiftTokens(token_shifts, gMLPBlock(
            dim=dim, heads=heads, dim_ff=dim_ff, seq_len=seq_len, attn_dim=attn_dim, causal=causal, act=act,
            circulant_matrix=circulant_matrix)))) for i in range(depth)])
        self.to_logits = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, num_tokens)) \
            if exists(num_tokens) else nn.Identity()

    def forward(self, x):
        x = self.to_embed(x)
        layers = self.layers if not self.training else dropout_layers(self.layers, self.prob_survival)
        out = nn.Sequential(*layers)(x)
        return self.to_logits(out)


class gMLPVision(nn.Module):
    def __init__(self, *, image_size, patch_size, num_classes, dim, depth, heads=1, ff_mult=4, channels=3,
                 attn_dim=None, prob_survival=1.):
        super().__init__()
        image_height, image_width = pair(image_size)
        patch_height, patch_width = pair(patch_size)
        assert (image_height % patch_height) == 0 and (image_width % patch_width) == 0, \
            'image height and width must be divisible by patch size'
        num_patches = (image_height // patch_height) * (image_width // patch_width)
        dim_ff = dim * ff_mult
        self.to_patch_embed = nn.Sequential(
            Rearrange('b c (h p1) (w p2) -> b (h w) (c p1 p2)', p1=patch_height, p2=patch_width),
            nn.Linear(channels * patch_height * patch_width, dim))
        self.prob_survival = prob_survival
        self.layers = nn.ModuleList([Residual(PreNorm(dim, gMLPBlock(
            dim=dim, heads=heads, dim_ff=dim_ff, seq_len=num_patches, attn_dim=attn_dim))) for i in range(depth)])
        self.to_logits = nn.Sequential(nn.LayerNorm(dim), Reduce('b n d -> b d', 'mean'), nn.Linear(dim, num_classes))

    def forward(self, x):
        x = self.to_patch_embed(x)
        layers = self.layers if not self.training else dropout_layers(self.layers, self.prob_survival)
        x = nn.Sequential(*layers)(x)
        return self.to_logits(x)


# ---- autoregressive_wrapper.py ----
def eval_decorator(fn):
    def inner(model, *args, **kwargs):
        was_training = model.training
        model.eval()
        out = fn(model, *args, **kwargs)
        model.train(was_training)
        return out
    return inner


def top_k(logits, thres=0.9):
    k = int((1 - thres) * logits.shape[-1])
    val, ind = torch.topk(logits, k)
    probs = torch.full_like(logits, float('-inf'))
    probs.scatter_(1, ind, val)
    return probs


class AutoregressiveWrapper(nn.Module):
    def __init__(self, net, ignore_index=-100, pad_value=0):
        super().__init__()
        self.pad_value = pad_value
        self.ignore_index = ignore_index
        self.net = net
        self.max_seq_len = net.seq_len

    @torch.no_grad()
    @eval_decorator
    def generate(self, start_tokens, seq_len, eos_token=None, temperature=1., filter_logits_fn=top_k,
                 filter_thres=0.9, **kwargs):
        num_dims = len(start_tokens.shape)
        if num_dims == 1:
            start_tokens = start_tokens[None, :]
        b, t = start_tokens.shape
        out = start_tokens
        for _ in range(seq_len):
            x = out[:, -self.max_seq_len:]
            logits = self.net(x, **kwargs)[:, -1, :]
            filtered_logits = top_k(logits, thres=filter_thres)
            probs = F.softmax(filtered_logits / temperature, dim=-1)
            sample = torch.multinomial(probs, 1)
            out = torch.cat((out, sample), dim=-1)
            if eos_token is not None and (sample == eos_token).all():
                break
        out = out[:, t:]
        if num_dims == 1:
            out = out.squeeze(0)
        return out

    def forward(self, x, **kwargs):
        xi, xo = x[:, :-1], x[:, 1:]
        out = self.net(xi, **kwargs)
        return F.cross_entropy(out.transpose(1, 2), xo, ignore_index=self.ignore_index)


# ---- README examples ----
torch.manual_seed(0)
random.seed(0)
model = gMLP(num_tokens=200, dim=32, depth=2, seq_len=16, circulant_matrix=True, act=nn.Tanh())
x = torch.randint(0, 200, (1, 16))
print('masked LM logits', tuple(model(x).shape))

model = gMLPVision(image_size=32, patch_size=8, num_classes=10, dim=32, depth=2)
print('vision logits', tuple(model(torch.randn(1, 3, 32, 32)).shape))
model = gMLPVision(image_size=32, patch_size=8, num_classes=10, dim=32, depth=2, attn_dim=16)
print('aMLP vision logits', tuple(model(torch.randn(1, 3, 32, 32)).shape))
model = gMLPVision(image_size=(32, 16), patch_size=(8, 4), num_classes=10, dim=32, depth=2)
print('non-square logits', tuple(model(torch.randn(1, 3, 32, 16)).shape))
model = gMLP(num_tokens=200, dim=32, depth=4, seq_len=16, prob_survival=0.5, shift_tokens=1, heads=4)
model.train()
kept = [len(dropout_layers(model.layers, 0.5)) for _ in range(6)]
print('stochastic depth kept layers', kept, 'eval logits', tuple(model.eval()(x).shape))

# causal masks: the gating weight above the diagonal never reaches the output
sgu = SpatialGatingUnit(8, 6, causal=True)
with torch.no_grad():
    sgu.weight.fill_(1.)
inp = torch.randn(1, 6, 8, requires_grad=True)
sgu(inp)[0, 2].sum().backward()
print('causal gradient rows', (inp.grad[0].abs().sum(-1) > 0).tolist())

# ---- train.py ----
NUM_BATCHES = 4
BATCH_SIZE = 4
GRADIENT_ACCUMULATE_EVERY = 2
LEARNING_RATE = 2e-4
VALIDATE_EVERY = 2
GENERATE_EVERY = 3
GENERATE_LENGTH = 24
SEQ_LEN = 32


def cycle(loader):
    while True:
        for data in loader:
            yield data


def decode_token(token):
    return str(chr(max(32, token)))


def decode_tokens(tokens):
    return ''.join(list(map(decode_token, tokens)))


model = gMLP(num_tokens=256, dim=32, seq_len=SEQ_LEN, depth=2, causal=True)
model = AutoregressiveWrapper(model)

corpus = ("Kiln runs PyTorch programs written by others and prints what CPython and PyTorch print. "
          "Spatial gating mixes tokens along the sequence with a learned matrix. ") * 12
packed = gzip.compress(corpus.encode('ascii'))
with gzip.GzipFile(fileobj=__import__('io').BytesIO(packed)) as file:
    X = np.frombuffer(file.read(int(95e6)), dtype=np.uint8)
    trX, vaX = np.split(X, [int(len(X) * 0.9)])
    data_train, data_val = torch.from_numpy(trX.copy()), torch.from_numpy(vaX.copy())
print('bytes', len(X), 'train', tuple(data_train.shape), 'val', tuple(data_val.shape), data_train.dtype)


class TextSamplerDataset(Dataset):
    def __init__(self, data, seq_len):
        super().__init__()
        self.data = data
        self.seq_len = seq_len

    def __getitem__(self, index):
        rand_start = torch.randint(0, self.data.size(0) - self.seq_len - 1, (1,))
        full_seq = self.data[rand_start: rand_start + self.seq_len + 1].long()
        return full_seq

    def __len__(self):
        return self.data.size(0) // self.seq_len


train_dataset = TextSamplerDataset(data_train, SEQ_LEN)
val_dataset = TextSamplerDataset(data_val, SEQ_LEN)
train_loader = cycle(DataLoader(train_dataset, batch_size=BATCH_SIZE))
val_loader = cycle(DataLoader(val_dataset, batch_size=BATCH_SIZE))
optim = torch.optim.Adam(model.parameters(), lr=LEARNING_RATE)

for i in range(NUM_BATCHES):
    model.train()
    for __ in range(GRADIENT_ACCUMULATE_EVERY):
        loss = model(next(train_loader))
        loss.backward()
    print(f'training loss: {loss.item():.4f}')
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
    optim.step()
    optim.zero_grad()

    if i % VALIDATE_EVERY == 0:
        model.eval()
        with torch.no_grad():
            loss = model(next(val_loader))
            print(f'validation loss: {loss.item():.4f}')

    if i % GENERATE_EVERY == 0:
        model.eval()
        inp = random.choice(val_dataset)[:-1]
        prime = decode_tokens(inp)
        print(f'%s \n\n %s', (len(prime), '*' * 10))
        sample = model.generate(inp, GENERATE_LENGTH)
        output_str = decode_tokens(sample)
        print(len(output_str), sample.shape, model.training)
