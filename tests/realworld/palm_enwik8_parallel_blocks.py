# Real-program corpus (tests/realworld, see README.md): the shape of lucidrains/PaLM-pytorch
# (palm_pytorch/palm_pytorch.py, palm_pytorch/autoregressive_wrapper.py, train.py @ 7164d13d), the
# single-file PaLM that lucidrains' enwik8 scripts train. It exercises a LayerNorm with a registered
# zero `beta` buffer through F.layer_norm, rotary embeddings from an einsum outer product and
# rotate_half via einops, SwiGLU through chunk + F.silu, the parallel attention/feed-forward block
# with one fused projection split by sizes, multi-query attention (`b h i d, b j d -> b h i j`),
# causal-mask and rotary caches re-registered as non-persistent buffers (None at first), a
# Sequential built by a function with weight tying to the embedding, an AutoregressiveWrapper whose
# generate is stacked @torch.no_grad() + a model.eval/train decorator with top-k filtering through
# scatter_ into a -inf tensor and torch.multinomial, and train.py's loop: enwik8 bytes from gzip
# through np.frombuffer/np.split/torch.from_numpy, a sampler Dataset cut at torch.randint offsets,
# an endless `cycle` generator over DataLoaders, gradient accumulation, clip_grad_norm_, tqdm, and
# prompts decoded with `chr(max(32, token))` over tensor elements. Changes: random printable bytes
# written to a temporary gzip file (enwik8 is a download), np.frombuffer for NumPy 2's removed
# binary np.fromstring, tiny sizes and steps, no CUDA. Written for Kiln, not copied.
import gzip
import os
import random
import tempfile

import numpy as np
import torch
import torch.nn.functional as F
import tqdm
from einops import rearrange
from torch import einsum, nn
from torch.utils.data import DataLoader, Dataset


# --- palm_pytorch/palm_pytorch.py ---------------------------------------------------------------------
class LayerNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(dim))
        self.register_buffer("beta", torch.zeros(dim))

    def forward(self, x):
        return F.layer_norm(x, x.shape[-1:], self.gamma, self.beta)


class Residual(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x) + x


class RotaryEmbedding(nn.Module):
    def __init__(self, dim):
        super().__init__()
        inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, max_seq_len, *, device):
        seq = torch.arange(max_seq_len, device=device, dtype=self.inv_freq.dtype)
        freqs = einsum("i , j -> i j", seq, self.inv_freq)
        return torch.cat((freqs, freqs), dim=-1)


def rotate_half(x):
    x = rearrange(x, "... (j d) -> ... j d", j=2)
    x1, x2 = x.unbind(dim=-2)
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(pos, t):
    return (t * pos.cos()) + (rotate_half(t) * pos.sin())


class SwiGLU(nn.Module):
    def forward(self, x):
        x, gate = x.chunk(2, dim=-1)
        return F.silu(gate) * x


class ParallelTransformerBlock(nn.Module):
    def __init__(self, dim, dim_head=64, heads=8, ff_mult=4):
        super().__init__()
        self.norm = LayerNorm(dim)
        attn_inner_dim = dim_head * heads
        ff_inner_dim = dim * ff_mult
        self.fused_dims = (attn_inner_dim, dim_head, dim_head, (ff_inner_dim * 2))
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.rotary_emb = RotaryEmbedding(dim_head)
        self.fused_attn_ff_proj = nn.Linear(dim, sum(self.fused_dims), bias=False)
        self.attn_out = nn.Linear(attn_inner_dim, dim, bias=False)
        self.ff_out = nn.Sequential(SwiGLU(), nn.Linear(ff_inner_dim, dim, bias=False))
        # caches, recomputed when a longer sequence arrives
        self.register_buffer("mask", None, persistent=False)
        self.register_buffer("pos_emb", None, persistent=False)

    def get_mask(self, n, device):
        if self.mask is not None and self.mask.shape[-1] >= n:
            return self.mask[:n, :n]
        mask = torch.ones((n, n), device=device, dtype=torch.bool).triu(1)
        self.register_buffer("mask", mask, persistent=False)
        return mask

    def get_rotary_embedding(self, n, device):
        if self.pos_emb is not None and self.pos_emb.shape[-2] >= n:
            return self.pos_emb[:n]
        pos_emb = self.rotary_emb(n, device=device)
        self.register_buffer("pos_emb", pos_emb, persistent=False)
        return pos_emb

    def forward(self, x):
        n, device, h = x.shape[1], x.device, self.heads
        x = self.norm(x)
        q, k, v, ff = self.fused_attn_ff_proj(x).split(self.fused_dims, dim=-1)
        q = rearrange(q, "b n (h d) -> b h n d", h=h)
        positions = self.get_rotary_embedding(n, device)
        q, k = map(lambda t: apply_rotary_pos_emb(positions, t), (q, k))
        q = q * self.scale
        sim = einsum("b h i d, b j d -> b h i j", q, k)
        causal_mask = self.get_mask(n, device)
        sim = sim.masked_fill(causal_mask, -torch.finfo(sim.dtype).max)
        attn = sim.softmax(dim=-1)
        out = einsum("b h i j, b j d -> b h i d", attn, v)
        out = rearrange(out, "b h n d -> b n (h d)")
        return self.attn_out(out) + self.ff_out(ff)


def PaLM(*, dim, num_tokens, depth, dim_head=64, heads=8, ff_mult=4):
    net = nn.Sequential(
        nn.Embedding(num_tokens, dim),
        *[Residual(ParallelTransformerBlock(dim=dim, dim_head=dim_head, heads=heads, ff_mult=ff_mult))
          for _ in range(depth)],
        LayerNorm(dim),
        nn.Linear(dim, num_tokens, bias=False),
    )
    net[-1].weight = net[0].weight
    nn.init.normal_(net[0].weight, std=0.02)
    return net


# --- palm_pytorch/autoregressive_wrapper.py ---------------------------------------------------------
def exists(val):
    return val is not None


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
    probs = torch.full_like(logits, float("-inf"))
    probs.scatter_(1, ind, val)
    return probs


class AutoregressiveWrapper(nn.Module):
    def __init__(self, net, max_seq_len=2048, pad_value=0):
        super().__init__()
        self.max_seq_len = max_seq_len
        self.pad_value = pad_value
        self.net = net

    @torch.no_grad()
    @eval_decorator
    def generate(self, start_tokens, seq_len, eos_token=None, temperature=1.0, filter_thres=0.9, **kwargs):
        b, t, device = *start_tokens.shape, start_tokens.device
        out = start_tokens
        for _ in range(seq_len):
            logits = self.net(out, **kwargs)[:, -1, :]
            filtered_logits = top_k(logits, thres=filter_thres)
            probs = F.softmax(filtered_logits / temperature, dim=-1)
            sample = torch.multinomial(probs, 1)
            out = torch.cat((out, sample), dim=-1)
            if exists(eos_token):
                is_eos_token = out == eos_token
                if is_eos_token.any(dim=-1).all():
                    shifted_is_eos_tokens = F.pad(is_eos_token, (1, -1))
                    mask = shifted_is_eos_tokens.float().cumsum(dim=-1) >= 1
                    out = out.masked_fill(mask, self.pad_value)
                    break
        return out[:, t:]

    def forward(self, x, **kwargs):
        x_inp, x_labels = x[:, :-1], x[:, 1:]
        logits = self.net(x_inp, **kwargs)
        return F.cross_entropy(rearrange(logits, "b c n -> b n c"), x_labels)


# --- train.py --------------------------------------------------------------------------------------
NUM_BATCHES = 4
BATCH_SIZE = 4
GRADIENT_ACCUMULATE_EVERY = 2
LEARNING_RATE = 2e-4
VALIDATE_EVERY = 2
GENERATE_EVERY = 3
GENERATE_LENGTH = 12
SEQ_LEN = 48


def cycle(loader):
    while True:
        for data in loader:
            yield data


def decode_token(token):
    return str(chr(max(32, token)))


def decode_tokens(tokens):
    return "".join(list(map(decode_token, tokens)))


class TextSamplerDataset(Dataset):
    def __init__(self, data, seq_len):
        super().__init__()
        self.data = data
        self.seq_len = seq_len

    def __getitem__(self, index):
        rand_start = torch.randint(0, self.data.size(0) - self.seq_len, (1,))
        full_seq = self.data[rand_start: rand_start + self.seq_len + 1].long()
        return full_seq

    def __len__(self):
        return self.data.size(0) // self.seq_len


if __name__ == "__main__":
    random.seed(0)
    torch.manual_seed(0)
    workdir = tempfile.mkdtemp()
    path = os.path.join(workdir, "enwik8.gz")
    text = "".join(random.choice("the quick brown fox jumps over a lazy dog\n") for _ in range(6000))
    with gzip.open(path, "wb") as f:
        f.write(text.encode())

    model = PaLM(num_tokens=256, dim=32, depth=2, dim_head=16, heads=4)
    print(model[1].fn.fused_dims, model[-1].weight is model[0].weight, sum(p.numel() for p in model.parameters()))
    print([name for name, _ in model.named_buffers()])
    model = AutoregressiveWrapper(model, max_seq_len=SEQ_LEN)

    with gzip.open(path) as file:
        X = np.frombuffer(file.read(int(6000)), dtype=np.uint8)
        trX, vaX = np.split(X, [int(5000)])
        data_train, data_val = torch.from_numpy(trX), torch.from_numpy(vaX)
    print(X.dtype, trX.shape, vaX.shape, data_train.dtype)

    train_dataset = TextSamplerDataset(data_train, SEQ_LEN)
    val_dataset = TextSamplerDataset(data_val, SEQ_LEN)
    train_loader = cycle(DataLoader(train_dataset, batch_size=BATCH_SIZE))
    val_loader = cycle(DataLoader(val_dataset, batch_size=BATCH_SIZE))
    optim = torch.optim.Adam(model.parameters(), lr=LEARNING_RATE)

    for i in tqdm.tqdm(range(NUM_BATCHES), mininterval=10.0, desc="training"):
        model.train()
        for __ in range(GRADIENT_ACCUMULATE_EVERY):
            loss = model(next(train_loader))
            loss.backward()
        print(f"training loss: {loss.item():.4f}")
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        optim.step()
        optim.zero_grad()
        if i % VALIDATE_EVERY == 0:
            model.eval()
            with torch.no_grad():
                loss = model(next(val_loader))
                print(f"validation loss: {loss.item():.4f}")
        if i % GENERATE_EVERY == 0:
            model.eval()
            inp = random.choice(val_dataset)[:-1]
            prime = decode_tokens(inp)
            print(f"%s \n\n %s", (prime, "*" * 20))
            sample = model.generate(inp[None, ...], GENERATE_LENGTH)
            output_str = decode_tokens(sample[0])
            print(repr(output_str), model.training)
    print(tuple(model.net[1].fn.mask.shape), tuple(model.net[1].fn.pos_emb.shape), sorted(model.state_dict())[:3])
    os.remove(path)
    os.rmdir(workdir)
