# Real-program corpus (tests/realworld, see README.md): the RNN-mode inference demo of RWKV-6, the
# workflow of BlinkDL/ChatRWKV @ 965e40b85288a91c94c02bfa56adc3ce0fa20a82 (RWKV_v6_demo.py): a
# byte-level greedy tokenizer read from a vocabulary file whose lines hold Python literals (each
# token eval'ed, str tokens encoded to UTF-8 bytes, a 256x256 table of candidate tokens per leading
# byte pair matched longest-first with next(filter(sss.startswith, ...))); a checkpoint saved in
# bfloat16 and loaded with torch.load(map_location='cpu'), cast to float, `.time_` tensors squeezed,
# and unpacked into nested types.SimpleNamespace objects by splitting the keys; the model a
# torch.jit.ScriptModule whose time mixing (data-dependent token shift through tanh/bmm LoRA
# projections, per-head decay exp(-exp(w)), the WKV state update r @ (u * k @ v + s) kept in one state
# matrix sliced per layer, group_norm of the heads) and channel mixing (square relu) are
# @torch.jit.script_method; sampling by softmax + numpy top-p (np.sort, np.cumsum, np.argmax of the
# cutoff, np.random.choice with p=), the generated text decoded as UTF-8 and printed only when it
# holds no replacement character.
# Written for Kiln, not copied. Changes from the origin: a 300-token vocabulary (bytes plus common
# English pieces) written to a temporary file instead of rwkv_vocab_v20230424.txt, a random 2-layer
# 64-wide checkpoint (head size 16) instead of a downloaded one, 2 trials of 12 tokens, seeded numpy.
import os
import tempfile
import types

import numpy as np
import torch
import torch.nn as nn
from torch.nn import functional as F

np.set_printoptions(precision=4, suppress=True, linewidth=200)
np.random.seed(0)
torch.manual_seed(0)

MyModule = torch.jit.ScriptModule
MyFunction = torch.jit.script_method


class ByteTrieTokenizer:
    def __init__(self, file_name):
        self.idx2token = {}
        ordered = []
        with open(file_name, "r", encoding="utf-8") as f:
            lines = f.readlines()
        for line in lines:
            idx = int(line[:line.index(" ")])
            tok = eval(line[line.index(" "):line.rindex(" ")])
            tok = tok.encode("utf-8") if isinstance(tok, str) else tok
            assert isinstance(tok, bytes)
            assert len(tok) == int(line[line.rindex(" "):])
            ordered.append(tok)
            self.idx2token[idx] = tok
        self.token2idx = {v: k for k, v in self.idx2token.items()}
        self.table = [[[] for _ in range(256)] for _ in range(256)]
        self.good = [set() for _ in range(256)]
        self.wlen = [0 for _ in range(256)]
        for tok in reversed(ordered):  # longer tokens come later in the file: tried first
            if len(tok) >= 2:
                a, b = int(tok[0]), int(tok[1])
                self.table[a][b].append(tok)
                self.wlen[a] = max(self.wlen[a], len(tok))
                self.good[a].add(b)

    def encode(self, text):
        src = text.encode("utf-8")
        out, i = [], 0
        while i < len(src):
            piece = src[i:i + 1]
            if i < len(src) - 1 and int(src[i + 1]) in self.good[int(src[i])]:
                window = src[i:i + self.wlen[int(src[i])]]
                try:
                    piece = next(filter(window.startswith, self.table[int(src[i])][int(src[i + 1])]))
                except StopIteration:
                    pass
            out.append(self.token2idx[piece])
            i += len(piece)
        return out

    def decode(self, tokens):
        return b"".join(map(lambda i: self.idx2token[i], tokens)).decode("utf-8")


def write_vocab(path):
    pieces = [bytes([b]) for b in range(256)]
    words = ["th", "he", "in", "er", "an", " t", " a", "on", "ou", "re", " th", "the", " the", "ing", " an",
             "and", " and", "is", " is", "it", " it", "at", " o", " of", "ed", "es", " s", " w", " h", "ha",
             "as", "nd", "to", " to", "en", "or", " b", " m", "ll", "ve", " He", "Elon", " Musk", " has",
             "é", "ü", "—"]
    with open(path, "w", encoding="utf-8") as f:
        for i, p in enumerate(pieces):
            f.write(f"{i + 1} {p!r} {len(p)}\n")
        for j, w in enumerate(sorted(words, key=lambda w: len(w.encode('utf-8')))):
            f.write(f"{257 + j} {w!r} {len(w.encode('utf-8'))}\n")


def write_checkpoint(path, C=64, L=2, S=16, V=320, FF=128):
    H = C // S
    w = {"emb.weight": torch.randn(V, C) * 0.5, "ln_out.weight": torch.ones(C), "ln_out.bias": torch.zeros(C),
         "head.weight": torch.randn(V, C) * 0.3}
    for i in range(L):
        p = f"blocks.{i}."
        if i == 0:
            w[p + "ln0.weight"], w[p + "ln0.bias"] = torch.ones(C), torch.zeros(C)
        for n in ("ln1", "ln2", "att.ln_x"):
            w[p + n + ".weight"] = 1 + 0.1 * torch.randn(C)
            w[p + n + ".bias"] = 0.1 * torch.randn(C)
        for n in "xwkvrg":
            w[p + "att.time_maa_" + n] = torch.rand(1, 1, C)
        w[p + "att.time_maa_w1"] = torch.randn(C, 32 * 5) * 0.1
        w[p + "att.time_maa_w2"] = torch.randn(5, 32, C) * 0.1
        w[p + "att.time_decay"] = torch.randn(1, 1, C) * 0.5 - 1
        w[p + "att.time_decay_w1"] = torch.randn(C, 64) * 0.1
        w[p + "att.time_decay_w2"] = torch.randn(64, C) * 0.1
        w[p + "att.time_faaaa"] = torch.randn(H, S) * 0.1
        for n in ("key", "value", "receptance", "gate", "output"):
            w[p + "att." + n + ".weight"] = torch.randn(C, C) / C ** 0.5
        w[p + "ffn.time_maa_k"], w[p + "ffn.time_maa_r"] = torch.rand(1, 1, C), torch.rand(1, 1, C)
        w[p + "ffn.key.weight"] = torch.randn(FF, C) / C ** 0.5
        w[p + "ffn.value.weight"] = torch.randn(C, FF) / FF ** 0.5
        w[p + "ffn.receptance.weight"] = torch.randn(C, C) / C ** 0.5
    torch.save({k: v.bfloat16() for k, v in w.items()}, path)


class RWKV_RNN(MyModule):
    def __init__(self, args):
        super().__init__()
        self.args = args
        self.eval()
        w = torch.load(args.MODEL_NAME + ".pth", map_location="cpu")
        for k in w.keys():
            w[k] = w[k].float()
            if ".time_" in k:
                w[k] = w[k].squeeze()
            if ".time_faaaa" in k:
                w[k] = w[k].unsqueeze(-1)
        self.n_head = w["blocks.0.att.time_faaaa"].shape[0]
        self.head_size = w["blocks.0.ln1.weight"].shape[0] // self.n_head
        self.w = types.SimpleNamespace()
        self.w.blocks = {}
        for k in w.keys():
            parts = k.split(".")
            last = parts.pop()
            here = self.w
            for p in parts:
                if p.isdigit():
                    p = int(p)
                    if p not in here:
                        here[p] = types.SimpleNamespace()
                    here = here[p]
                else:
                    if not hasattr(here, p):
                        setattr(here, p, types.SimpleNamespace())
                    here = getattr(here, p)
            setattr(here, last, w[k])

    def layer_norm(self, x, w):
        return F.layer_norm(x, (self.args.n_embd,), weight=w.weight, bias=w.bias)

    @MyFunction
    def channel_mixing(self, x, state, i: int, maa_k, maa_r, kw, vw, rw):
        i0 = (2 + self.head_size) * i + 0
        sx = state[i0] - x
        xk = x + sx * maa_k
        xr = x + sx * maa_r
        state[i0] = x
        r = torch.sigmoid(rw @ xr)
        k = torch.square(torch.relu(kw @ xk))
        return r * (vw @ k)

    @MyFunction
    def time_mixing(self, x, state, i: int, x_maa, w_maa, k_maa, v_maa, r_maa, g_maa, tm_w1, tm_w2, td_w1, td_w2,
                    time_first, time_decay, kw, vw, rw, gw, ow, ln_w, ln_b):
        H = self.n_head
        S = self.head_size
        i1 = (2 + S) * i + 1
        sx = state[i1] - x
        state[i1] = x
        xxx = x + sx * x_maa
        xxx = torch.tanh(xxx @ tm_w1).view(5, 1, -1)
        xxx = torch.bmm(xxx, tm_w2).view(5, -1)
        mw, mk, mv, mr, mg = xxx.unbind(dim=0)
        xw = x + sx * (w_maa + mw)
        xk = x + sx * (k_maa + mk)
        xv = x + sx * (v_maa + mv)
        xr = x + sx * (r_maa + mr)
        xg = x + sx * (g_maa + mg)
        w = (time_decay + (torch.tanh(xw @ td_w1) @ td_w2).float()).view(H, S, 1)
        w = torch.exp(-torch.exp(w.float()))
        r = (rw @ xr).view(H, 1, S)
        k = (kw @ xk).view(H, S, 1)
        v = (vw @ xv).view(H, 1, S)
        g = F.silu(gw @ xg)
        s = state[(2 + S) * i + 2:(2 + S) * (i + 1), :].reshape(H, S, S)
        a = k @ v
        x = r @ (time_first * a + s)
        s = a + w * s
        state[(2 + S) * i + 2:(2 + S) * (i + 1), :] = s.reshape(S, -1)
        x = x.flatten()
        x = F.group_norm(x.unsqueeze(0), num_groups=H, weight=ln_w, bias=ln_b, eps=64e-5).squeeze(0) * g
        return ow @ x

    def forward(self, token, state):
        with torch.no_grad():
            if state is None:
                state = torch.zeros(self.args.n_layer * (2 + self.head_size), self.args.n_embd)
            x = self.w.emb.weight[token]
            x = self.layer_norm(x, self.w.blocks[0].ln0)
            for i in range(self.args.n_layer):
                att = self.w.blocks[i].att
                x = x + self.time_mixing(self.layer_norm(x, self.w.blocks[i].ln1), state, i,
                                         att.time_maa_x, att.time_maa_w, att.time_maa_k, att.time_maa_v,
                                         att.time_maa_r, att.time_maa_g, att.time_maa_w1, att.time_maa_w2,
                                         att.time_decay_w1, att.time_decay_w2, att.time_faaaa, att.time_decay,
                                         att.key.weight, att.value.weight, att.receptance.weight, att.gate.weight,
                                         att.output.weight, att.ln_x.weight, att.ln_x.bias)
                ffn = self.w.blocks[i].ffn
                x = x + self.channel_mixing(self.layer_norm(x, self.w.blocks[i].ln2), state, i, ffn.time_maa_k,
                                            ffn.time_maa_r, ffn.key.weight, ffn.value.weight, ffn.receptance.weight)
            x = self.w.head.weight @ self.layer_norm(x, self.w.ln_out)
            return x.float(), state


def sample_logits(out, temperature=1.0, top_p=0.8):
    probs = F.softmax(out, dim=-1).numpy()
    sorted_probs = np.sort(probs)[::-1]
    cumulative_probs = np.cumsum(sorted_probs)
    cutoff = float(sorted_probs[np.argmax(cumulative_probs > top_p)])
    probs[probs < cutoff] = 0
    if temperature != 1.0:
        probs = probs ** (1.0 / temperature)
    probs = probs / np.sum(probs)
    return np.random.choice(a=len(probs), p=probs)


workdir = tempfile.mkdtemp()
vocab_file = os.path.join(workdir, "vocab.txt")
write_vocab(vocab_file)
tokenizer = ByteTrieTokenizer(vocab_file)
context = "\nElon Musk has the answer — é"
ids = tokenizer.encode(context)
print("tokens", ids, "round trip:", tokenizer.decode(ids) == context)

args = types.SimpleNamespace()
args.MODEL_NAME = os.path.join(workdir, "rwkv-tiny")
args.n_layer = 2
args.n_embd = 64
write_checkpoint(args.MODEL_NAME + ".pth")
model = RWKV_RNN(args)
print("heads", model.n_head, "head size", model.head_size, "scripted:", sorted(n for n in ("time_mixing", "channel_mixing")
                                                                               if hasattr(model, n)))
init_state = None
for token in ids:
    init_out, init_state = model.forward(token, init_state)
print("state", tuple(init_state.shape), f"{init_state.abs().sum().item():.1f}", "logits", init_out[:4])
for trial in range(2):
    print(f"--[ Trial {trial} ]--", repr(context), end=" ")
    all_tokens, out_last = [], 0
    out, state = init_out.clone(), init_state.clone()
    for i in range(12):
        token = sample_logits(out, temperature=1.0, top_p=0.7)
        all_tokens += [token]
        try:
            tmp = tokenizer.decode(all_tokens[out_last:])
            if "\ufffd" not in tmp:
                print(repr(tmp), end=" ")
                out_last = i + 1
        except UnicodeDecodeError:
            pass
        out, state = model.forward(token, state)
    print()
    print("tokens", [int(t) for t in all_tokens])
