# Llama-2-style decoder inference with a key/value cache, written for Kiln in the shape of
# meta-llama/llama llama/model.py and llama/generation.py @ 689c7f26 (the model parallel layers of
# fairscale are plain nn.Linear/nn.Embedding here, as on one GPU, and a byte tokenizer stands in for
# sentencepiece). Exercises: a ModelArgs dataclass with Optional fields, RMSNorm, rotary embeddings as
# complex numbers (torch.polar, view_as_complex/view_as_real, reshape_for_broadcast), grouped-query
# attention through repeat_kv (expand + reshape), per-layer cache_k/cache_v buffers written at
# start_pos, the causal mask with torch.triu and torch.hstack for cached positions, SwiGLU with
# multiple_of rounding, @torch.inference_mode() generation with top-p sampling (sort, cumsum,
# multinomial, gather), per-token log-probabilities through cross_entropy(reduction="none",
# ignore_index=pad_id), eos tracking with torch.where, and the Llama 2 chat prompt format.
import math
from dataclasses import dataclass
from typing import List, Optional, Tuple

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelArgs:
    dim: int = 4096
    n_layers: int = 32
    n_heads: int = 32
    n_kv_heads: Optional[int] = None
    vocab_size: int = -1
    multiple_of: int = 256
    ffn_dim_multiplier: Optional[float] = None
    norm_eps: float = 1e-5
    max_batch_size: int = 32
    max_seq_len: int = 2048


class RMSNorm(torch.nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        return self._norm(x.float()).type_as(x) * self.weight


def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)  # complex64


def reshape_for_broadcast(freqs_cis, x):
    ndim = x.ndim
    assert freqs_cis.shape == (x.shape[1], x.shape[-1])
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rotary_emb(xq, xk, freqs_cis) -> Tuple[torch.Tensor, torch.Tensor]:
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, xq_)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


def repeat_kv(x, n_rep: int):
    bs, slen, n_kv_heads, head_dim = x.shape
    if n_rep == 1:
        return x
    return x[:, :, :, None, :].expand(bs, slen, n_kv_heads, n_rep, head_dim).reshape(bs, slen, n_kv_heads * n_rep, head_dim)


class Attention(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.n_kv_heads = args.n_heads if args.n_kv_heads is None else args.n_kv_heads
        self.n_local_heads = args.n_heads
        self.n_local_kv_heads = self.n_kv_heads
        self.n_rep = self.n_local_heads // self.n_local_kv_heads
        self.head_dim = args.dim // args.n_heads
        self.wq = nn.Linear(args.dim, args.n_heads * self.head_dim, bias=False)
        self.wk = nn.Linear(args.dim, self.n_kv_heads * self.head_dim, bias=False)
        self.wv = nn.Linear(args.dim, self.n_kv_heads * self.head_dim, bias=False)
        self.wo = nn.Linear(args.n_heads * self.head_dim, args.dim, bias=False)
        self.cache_k = torch.zeros((args.max_batch_size, args.max_seq_len, self.n_local_kv_heads, self.head_dim))
        self.cache_v = torch.zeros((args.max_batch_size, args.max_seq_len, self.n_local_kv_heads, self.head_dim))

    def forward(self, x, start_pos: int, freqs_cis, mask: Optional[torch.Tensor]):
        bsz, seqlen, _ = x.shape
        xq, xk, xv = self.wq(x), self.wk(x), self.wv(x)
        xq = xq.view(bsz, seqlen, self.n_local_heads, self.head_dim)
        xk = xk.view(bsz, seqlen, self.n_local_kv_heads, self.head_dim)
        xv = xv.view(bsz, seqlen, self.n_local_kv_heads, self.head_dim)
        xq, xk = apply_rotary_emb(xq, xk, freqs_cis=freqs_cis)
        self.cache_k = self.cache_k.to(xq)
        self.cache_v = self.cache_v.to(xq)
        self.cache_k[:bsz, start_pos: start_pos + seqlen] = xk
        self.cache_v[:bsz, start_pos: start_pos + seqlen] = xv
        keys = repeat_kv(self.cache_k[:bsz, : start_pos + seqlen], self.n_rep)
        values = repeat_kv(self.cache_v[:bsz, : start_pos + seqlen], self.n_rep)
        xq = xq.transpose(1, 2)
        keys = keys.transpose(1, 2)
        values = values.transpose(1, 2)
        scores = torch.matmul(xq, keys.transpose(2, 3)) / math.sqrt(self.head_dim)
        if mask is not None:
            scores = scores + mask
        scores = F.softmax(scores.float(), dim=-1).type_as(xq)
        output = torch.matmul(scores, values)
        output = output.transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        return self.wo(output)


class FeedForward(nn.Module):
    def __init__(self, dim: int, hidden_dim: int, multiple_of: int, ffn_dim_multiplier: Optional[float]):
        super().__init__()
        hidden_dim = int(2 * hidden_dim / 3)
        if ffn_dim_multiplier is not None:
            hidden_dim = int(ffn_dim_multiplier * hidden_dim)
        hidden_dim = multiple_of * ((hidden_dim + multiple_of - 1) // multiple_of)
        self.w1 = nn.Linear(dim, hidden_dim, bias=False)
        self.w2 = nn.Linear(hidden_dim, dim, bias=False)
        self.w3 = nn.Linear(dim, hidden_dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, layer_id: int, args: ModelArgs):
        super().__init__()
        self.attention = Attention(args)
        self.feed_forward = FeedForward(dim=args.dim, hidden_dim=4 * args.dim, multiple_of=args.multiple_of,
                                        ffn_dim_multiplier=args.ffn_dim_multiplier)
        self.layer_id = layer_id
        self.attention_norm = RMSNorm(args.dim, eps=args.norm_eps)
        self.ffn_norm = RMSNorm(args.dim, eps=args.norm_eps)

    def forward(self, x, start_pos, freqs_cis, mask):
        h = x + self.attention(self.attention_norm(x), start_pos, freqs_cis, mask)
        return h + self.feed_forward(self.ffn_norm(h))


class Transformer(nn.Module):
    def __init__(self, params: ModelArgs):
        super().__init__()
        self.params = params
        self.vocab_size = params.vocab_size
        self.n_layers = params.n_layers
        self.tok_embeddings = nn.Embedding(params.vocab_size, params.dim)
        self.layers = torch.nn.ModuleList()
        for layer_id in range(params.n_layers):
            self.layers.append(TransformerBlock(layer_id, params))
        self.norm = RMSNorm(params.dim, eps=params.norm_eps)
        self.output = nn.Linear(params.dim, params.vocab_size, bias=False)
        self.freqs_cis = precompute_freqs_cis(params.dim // params.n_heads, params.max_seq_len * 2)

    @torch.inference_mode()
    def forward(self, tokens, start_pos: int):
        _bsz, seqlen = tokens.shape
        h = self.tok_embeddings(tokens)
        self.freqs_cis = self.freqs_cis.to(h.device)
        freqs_cis = self.freqs_cis[start_pos: start_pos + seqlen]
        mask = None
        if seqlen > 1:
            mask = torch.full((seqlen, seqlen), float("-inf"), device=tokens.device)
            mask = torch.triu(mask, diagonal=1)
            # cached positions are all visible: (seqlen, start_pos) zeros, then the causal block
            mask = torch.hstack([torch.zeros((seqlen, start_pos), device=tokens.device), mask]).type_as(h)
        for layer in self.layers:
            h = layer(h, start_pos, freqs_cis, mask)
        h = self.norm(h)
        return self.output(h).float()


class ByteTokenizer:
    # sentencepiece's interface on bytes: ids 0..2 are <unk>, <s>, </s>; byte b is id b + 3
    def __init__(self):
        self.n_words = 259
        self.bos_id, self.eos_id, self.pad_id = 1, 2, -1

    def encode(self, s: str, bos: bool, eos: bool) -> List[int]:
        t = [b + 3 for b in s.encode("utf-8")]
        return ([self.bos_id] if bos else []) + t + ([self.eos_id] if eos else [])

    def decode(self, t) -> str:
        if isinstance(t, int):
            t = [t]
        return bytes([x - 3 for x in t if x >= 3]).decode("utf-8", errors="replace")


def sample_top_p(probs, p):
    probs_sort, probs_idx = torch.sort(probs, dim=-1, descending=True)
    probs_sum = torch.cumsum(probs_sort, dim=-1)
    mask = probs_sum - probs_sort > p
    probs_sort[mask] = 0.0
    probs_sort.div_(probs_sort.sum(dim=-1, keepdim=True))
    next_token = torch.multinomial(probs_sort, num_samples=1)
    return torch.gather(probs_idx, -1, next_token)


class Llama:
    def __init__(self, model: Transformer, tokenizer: ByteTokenizer):
        self.model = model
        self.tokenizer = tokenizer

    @torch.inference_mode()
    def generate(self, prompt_tokens, max_gen_len, temperature=0.6, top_p=0.9, logprobs=False, echo=False):
        params = self.model.params
        bsz = len(prompt_tokens)
        assert bsz <= params.max_batch_size, (bsz, params.max_batch_size)
        min_prompt_len = min(len(t) for t in prompt_tokens)
        max_prompt_len = max(len(t) for t in prompt_tokens)
        assert max_prompt_len <= params.max_seq_len
        total_len = min(params.max_seq_len, max_gen_len + max_prompt_len)
        pad_id = self.tokenizer.pad_id
        tokens = torch.full((bsz, total_len), pad_id, dtype=torch.long)
        for k, t in enumerate(prompt_tokens):
            tokens[k, : len(t)] = torch.tensor(t, dtype=torch.long)
        if logprobs:
            token_logprobs = torch.zeros_like(tokens, dtype=torch.float)
        prev_pos = 0
        eos_reached = torch.tensor([False] * bsz)
        input_text_mask = tokens != pad_id
        for cur_pos in range(min_prompt_len, total_len):
            logits = self.model.forward(tokens[:, prev_pos:cur_pos], prev_pos)
            if temperature > 0:
                probs = torch.softmax(logits[:, -1] / temperature, dim=-1)
                next_token = sample_top_p(probs, top_p)
            else:
                next_token = torch.argmax(logits[:, -1], dim=-1)
            next_token = next_token.reshape(-1)
            # a prompt token that is still being read wins over the model's choice
            next_token = torch.where(input_text_mask[:, cur_pos], tokens[:, cur_pos], next_token)
            tokens[:, cur_pos] = next_token
            if logprobs:
                token_logprobs[:, prev_pos + 1: cur_pos + 1] = -F.cross_entropy(
                    input=logits.transpose(1, 2), target=tokens[:, prev_pos + 1: cur_pos + 1],
                    reduction="none", ignore_index=pad_id)
            eos_reached |= (~input_text_mask[:, cur_pos]) & (next_token == self.tokenizer.eos_id)
            prev_pos = cur_pos
            if all(eos_reached):
                break
        if logprobs:
            token_logprobs = token_logprobs.tolist()
        out_tokens, out_logprobs = [], []
        for i, toks in enumerate(tokens.tolist()):
            start = 0 if echo else len(prompt_tokens[i])
            toks = toks[start: len(prompt_tokens[i]) + max_gen_len]
            probs = None
            if logprobs:
                probs = token_logprobs[i][start: len(prompt_tokens[i]) + max_gen_len]
            if self.tokenizer.eos_id in toks:
                eos_idx = toks.index(self.tokenizer.eos_id)
                toks = toks[:eos_idx]
                probs = probs[:eos_idx] if logprobs else None
            out_tokens.append(toks)
            out_logprobs.append(probs)
        return (out_tokens, out_logprobs if logprobs else None)


B_INST, E_INST = "[INST]", "[/INST]"
B_SYS, E_SYS = "<<SYS>>\n", "\n<</SYS>>\n\n"


def chat_prompt(dialog, tokenizer):
    if dialog[0]["role"] == "system":
        dialog = [{"role": dialog[1]["role"], "content": B_SYS + dialog[0]["content"] + E_SYS + dialog[1]["content"]}] + dialog[2:]
    assert all(msg["role"] == "user" for msg in dialog[::2]) and all(msg["role"] == "assistant" for msg in dialog[1::2])
    tokens = sum([tokenizer.encode(f"{B_INST} {(prompt['content']).strip()} {E_INST} {(answer['content']).strip()} ",
                                   bos=True, eos=True)
                  for prompt, answer in zip(dialog[::2], dialog[1::2])], [])
    tokens += tokenizer.encode(f"{B_INST} {(dialog[-1]['content']).strip()} {E_INST}", bos=True, eos=False)
    return tokens


def main():
    torch.manual_seed(0)
    args = ModelArgs(dim=32, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=259, multiple_of=16,
                     ffn_dim_multiplier=1.3, max_batch_size=2, max_seq_len=96)
    model = Transformer(args)
    print(args)
    print("parameters:", sum(p.numel() for p in model.parameters()))
    print("ffn hidden:", model.layers[0].feed_forward.w1.out_features, "kv heads:", model.layers[0].attention.n_kv_heads,
          "n_rep:", model.layers[0].attention.n_rep)
    fc = precompute_freqs_cis(8, 4)
    print("freqs_cis", fc.dtype, tuple(fc.shape), [round(v, 4) for v in torch.view_as_real(fc)[2, 1].tolist()])
    x = torch.randn(1, 3, 2, 8)
    q, k = apply_rotary_emb(x, x, fc[:3])
    print("rotary keeps norms:", torch.allclose(q.norm(dim=-1), x.norm(dim=-1), atol=1e-5), "position 0 unchanged:",
          torch.allclose(q[:, 0], x[:, 0]))
    print("repeat_kv", tuple(repeat_kv(torch.randn(1, 3, 2, 4), 3).shape))

    # the whole sequence at once equals prefill + one cached step
    tokens = torch.randint(0, 259, (2, 7))
    full = model(tokens, 0)
    prefill = model(tokens[:, :6], 0)
    step = model(tokens[:, 6:], 6)
    print("logits", tuple(full.shape), full.dtype, f"{full.abs().mean().item():.4f}")
    print("cache matches full pass:", torch.allclose(step[:, 0], full[:, 6], atol=1e-4),
          torch.allclose(prefill, full[:, :6], atol=1e-4))
    print("no autograd history:", full.requires_grad, full.grad_fn is None)

    tok = ByteTokenizer()
    gen = Llama(model, tok)
    prompts = ["Hi", "Hello there"]
    prompt_tokens = [tok.encode(p, bos=True, eos=False) for p in prompts]
    out, lps = gen.generate(prompt_tokens, max_gen_len=6, temperature=0.0, logprobs=True)
    for p, t, lp in zip(prompts, out, lps):
        print(f"{p!r}: {len(t)} tokens, mean logprob {sum(lp) / len(lp):.4f}")
    echo, _ = gen.generate(prompt_tokens, max_gen_len=2, temperature=0.0, echo=True)
    print("echo keeps the prompt:", echo[0][: len(prompt_tokens[0])] == prompt_tokens[0], len(echo[1]))
    torch.manual_seed(1)
    sampled, _ = gen.generate([tok.encode("abc", bos=True, eos=False)], max_gen_len=5, temperature=0.8, top_p=0.9)
    print("sampled", len(sampled[0]), all(0 <= t < 259 for t in sampled[0]))

    probs = torch.softmax(torch.tensor([[2.0, 1.0, 0.5, -1.0, -3.0]]), dim=-1)
    torch.manual_seed(2)
    picks = [sample_top_p(probs.clone(), 0.5).item() for _ in range(8)]
    print("top-p 0.5 picks", sorted(set(picks)))

    dialog = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]
    chat_tokens = chat_prompt(dialog, tok)
    print("chat prompt", len(chat_tokens), repr(tok.decode(chat_tokens)))
    reply, _ = gen.generate([chat_tokens], max_gen_len=3, temperature=0.0)
    print("reply tokens", len(reply[0]))


if __name__ == "__main__":
    main()
