# Real-program corpus (tests/realworld, see README.md): a Qwen3 mixture-of-experts model "from
# scratch", the workflow of rasbt/LLMs-from-scratch ch05/11_qwen3/standalone-qwen3-moe.ipynb @ 28c65cdf
# (probe 29): a config dict with num_experts / num_experts_per_tok / moe_hidden_dim, MoEFeedForward's
# router (a bias-free gate Linear, torch.topk, softmax over the chosen scores) and its dispatch loop
# over torch.unique of the chosen experts (int(t.item()), mask.any, nonzero(as_tuple=False).squeeze(-1),
# index_select, a SwiGLU expert from three ModuleLists, argmax of the int mask for the slot, gather of
# the slot's probability, out.index_add_), RMSNorm computed in float32 (qwen3_compatible), q/k RMSNorm
# inside grouped-query attention, half-split RoPE buffers, a triu bool mask, tied-free out_head, the
# notebook's parameter count, greedy generate_text_basic_stream, AdamW steps, and torch.compile with
# torch._dynamo.explain (the dispatch loop's unique/item/nonzero are data-dependent: graph breaks).
# Changed: random weights at a tiny size in float32 (the notebook loads Qwen3-30B-A3B in bfloat16),
# token ids in place of the Qwen tokenizer. Written for Kiln, not copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MoEFeedForward(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.num_experts_per_tok, self.num_experts, self.emb_dim = cfg["num_experts_per_tok"], cfg["num_experts"], cfg["emb_dim"]
        self.gate = nn.Linear(cfg["emb_dim"], cfg["num_experts"], bias=False, dtype=cfg["dtype"])
        self.fc1 = nn.ModuleList([nn.Linear(cfg["emb_dim"], cfg["moe_hidden_dim"], bias=False, dtype=cfg["dtype"]) for _ in range(cfg["num_experts"])])
        self.fc2 = nn.ModuleList([nn.Linear(cfg["emb_dim"], cfg["moe_hidden_dim"], bias=False, dtype=cfg["dtype"]) for _ in range(cfg["num_experts"])])
        self.fc3 = nn.ModuleList([nn.Linear(cfg["moe_hidden_dim"], cfg["emb_dim"], bias=False, dtype=cfg["dtype"]) for _ in range(cfg["num_experts"])])

    def forward(self, x):
        scores = self.gate(x)
        topk_scores, topk_indices = torch.topk(scores, self.num_experts_per_tok, dim=-1)
        topk_probs = torch.softmax(topk_scores, dim=-1)
        b, n, _ = x.shape
        x_flat = x.reshape(b * n, -1)
        out_flat = torch.zeros(b * n, self.emb_dim, device=x.device, dtype=x.dtype)
        idx_flat = topk_indices.reshape(-1, self.num_experts_per_tok)
        probs_flat = topk_probs.reshape(-1, self.num_experts_per_tok)
        for expert_id_tensor in torch.unique(idx_flat):
            expert_id = int(expert_id_tensor.item())
            mask = idx_flat == expert_id
            if not mask.any():
                continue
            selected_idx = mask.any(dim=-1).nonzero(as_tuple=False).squeeze(-1)
            if selected_idx.numel() == 0:
                continue
            expert_input = x_flat.index_select(0, selected_idx)
            hidden = F.silu(self.fc1[expert_id](expert_input)) * self.fc2[expert_id](expert_input)
            expert_out = self.fc3[expert_id](hidden)
            slot = mask[selected_idx].int().argmax(dim=-1, keepdim=True)
            selected_probs = torch.gather(probs_flat.index_select(0, selected_idx), dim=-1, index=slot).squeeze(-1)
            out_flat.index_add_(0, selected_idx, expert_out * selected_probs.unsqueeze(-1))
        return out_flat.reshape(b, n, self.emb_dim)


class RMSNorm(nn.Module):
    def __init__(self, emb_dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.ones(emb_dim))

    def forward(self, x):
        dt = x.dtype
        x = x.to(torch.float32)
        norm_x = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps)
        return (norm_x * self.scale).to(dt)


def rope_tables(head_dim, base, context_length):
    inv = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32)[: head_dim // 2] / head_dim))
    ang = torch.arange(context_length, dtype=torch.float32).unsqueeze(1) * inv.unsqueeze(0)
    ang = torch.cat([ang, ang], dim=1)
    return torch.cos(ang), torch.sin(ang)


def apply_rope(x, cos, sin):
    _, _, n, d = x.shape
    x1, x2 = x[..., : d // 2], x[..., d // 2:]
    cos = cos[:n, :].unsqueeze(0).unsqueeze(0)
    sin = sin[:n, :].unsqueeze(0).unsqueeze(0)
    return ((x * cos) + (torch.cat((-x2, x1), dim=-1) * sin)).to(dtype=x.dtype)



class GroupedQueryAttention(nn.Module):
    def __init__(self, d_in, num_heads, num_kv_groups, head_dim, dtype):
        super().__init__()
        self.num_heads, self.num_kv_groups, self.head_dim = num_heads, num_kv_groups, head_dim
        self.group_size, self.d_out = num_heads // num_kv_groups, num_heads * head_dim
        self.W_query = nn.Linear(d_in, self.d_out, bias=False, dtype=dtype)
        self.W_key = nn.Linear(d_in, num_kv_groups * head_dim, bias=False, dtype=dtype)
        self.W_value = nn.Linear(d_in, num_kv_groups * head_dim, bias=False, dtype=dtype)
        self.out_proj = nn.Linear(self.d_out, d_in, bias=False, dtype=dtype)
        self.q_norm, self.k_norm = RMSNorm(head_dim), RMSNorm(head_dim)

    def forward(self, x, mask, cos, sin):
        b, n, _ = x.shape
        q = self.q_norm(self.W_query(x).view(b, n, self.num_heads, self.head_dim).transpose(1, 2))
        k = self.k_norm(self.W_key(x).view(b, n, self.num_kv_groups, self.head_dim).transpose(1, 2))
        v = self.W_value(x).view(b, n, self.num_kv_groups, self.head_dim).transpose(1, 2)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        k, v = k.repeat_interleave(self.group_size, dim=1), v.repeat_interleave(self.group_size, dim=1)
        scores = (q @ k.transpose(2, 3)).masked_fill(mask, -torch.inf)
        w = torch.softmax(scores / self.head_dim ** 0.5, dim=-1)
        return self.out_proj((w @ v).transpose(1, 2).reshape(b, n, self.d_out))


class TransformerBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.att = GroupedQueryAttention(cfg["emb_dim"], cfg["n_heads"], cfg["n_kv_groups"], cfg["head_dim"], cfg["dtype"])
        self.ff = MoEFeedForward(cfg)
        self.norm1, self.norm2 = RMSNorm(cfg["emb_dim"]), RMSNorm(cfg["emb_dim"])

    def forward(self, x, mask, cos, sin):
        x = x + self.att(self.norm1(x), mask, cos, sin)
        return x + self.ff(self.norm2(x))


class Qwen3Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.tok_emb = nn.Embedding(cfg["vocab_size"], cfg["emb_dim"], dtype=cfg["dtype"])
        self.trf_blocks = nn.ModuleList([TransformerBlock(cfg) for _ in range(cfg["n_layers"])])
        self.final_norm = RMSNorm(cfg["emb_dim"])
        self.out_head = nn.Linear(cfg["emb_dim"], cfg["vocab_size"], bias=False, dtype=cfg["dtype"])
        cos, sin = rope_tables(cfg["head_dim"], cfg["rope_base"], cfg["context_length"])
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)
        self.cfg = cfg

    def forward(self, in_idx):
        x = self.tok_emb(in_idx)
        n = x.shape[1]
        mask = torch.triu(torch.ones(n, n, device=x.device, dtype=torch.bool), diagonal=1)
        for block in self.trf_blocks:
            x = block(x, mask, self.cos, self.sin)
        return self.out_head(self.final_norm(x).to(self.cfg["dtype"]))


def generate_text_basic_stream(model, token_ids, max_new_tokens, eos_token_id=None):
    model.eval()
    with torch.no_grad():
        for _ in range(max_new_tokens):
            next_token = torch.argmax(model(token_ids)[:, -1], dim=-1, keepdim=True)
            if eos_token_id is not None and torch.all(next_token == eos_token_id):
                break
            yield next_token
            token_ids = torch.cat([token_ids, next_token], dim=1)


QWEN3_CONFIG = {"vocab_size": 128, "context_length": 64, "emb_dim": 32, "n_heads": 4, "n_layers": 2, "head_dim": 8,
                "qk_norm": True, "n_kv_groups": 2, "rope_base": 10_000_000.0, "dtype": torch.float32,
                "num_experts": 6, "num_experts_per_tok": 2, "moe_hidden_dim": 24}
torch.manual_seed(123)
model = Qwen3Model(QWEN3_CONFIG)
total = sum(p.numel() for p in model.parameters())
print(f"Total number of parameters: {total:,}")
print(f"Total number of unique parameters: {total - model.tok_emb.weight.numel():,}")
moe = model.trf_blocks[0].ff
print(moe.gate, len(moe.fc1), moe.fc3[0])

x = torch.randn(2, 5, 32)
with torch.no_grad():
    scores = moe.gate(x)
    topk_scores, topk_indices = torch.topk(scores, 2, dim=-1)
    print("experts per token", topk_indices[0].tolist())
    print("unique", torch.unique(topk_indices.reshape(-1, 2)).tolist())
    y = moe(x)
    # the dispatch loop equals the dense mixture: every expert on every token, weighted by the routing
    dense = torch.zeros_like(x)
    probs = torch.softmax(topk_scores, dim=-1)
    for e in range(6):
        out_e = moe.fc3[e](F.silu(moe.fc1[e](x)) * moe.fc2[e](x))
        w = (probs * (topk_indices == e)).sum(-1, keepdim=True)
        dense += w * out_e
    print("moe", tuple(y.shape), torch.allclose(y, dense, atol=1e-5), f"{y.abs().mean().item():.4f}")

ids = torch.tensor([[3, 17, 42, 8, 99, 1, 30]])
with torch.no_grad():
    logits = model(ids)
print("logits", tuple(logits.shape), f"{logits.abs().mean().item():.4f}")
print("stream:", [int(t) for t in generate_text_basic_stream(model, ids, 5)])

model.train()
g = torch.Generator().manual_seed(5)
batch = torch.randint(0, 128, (4, 13), generator=g)
opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
for step in range(4):
    out = model(batch[:, :-1])
    loss = F.cross_entropy(out.flatten(0, 1), batch[:, 1:].flatten())
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.4f}")
used = [int(m.weight.grad is not None) for m in model.trf_blocks[0].ff.fc1]
print("experts with grads in block 0:", sum(used), "of", len(used))

model.eval()
ex = torch._dynamo.explain(model)(ids)
print("explain graphs", ex.graph_count, "breaks", ex.graph_break_count)
compiled = torch.compile(model)
with torch.no_grad():
    print("compiled matches eager:", torch.allclose(compiled(ids), model(ids), atol=1e-5))
