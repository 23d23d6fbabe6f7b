# Real-program corpus (tests/realworld, see README.md): a Gemma 3 language model "from scratch" in
# the shape of rasbt/LLMs-from-scratch ch05/12_gemma3/standalone-gemma3.ipynb @ 28c65cdf (probe 29):
# a config dict with layer_types ("sliding_attention" / "full_attention"), zero-centred RMSNorm
# computed in float32 with (1 + scale), a tanh-GELU gated feed-forward, grouped-query attention with
# q/k RMSNorm, query_pre_attn_scalar scaling, repeat_interleave of K/V and masked_fill(mask, -inf),
# half-split RoPE tables for the local and the global base kept as non-persistent buffers, the
# global causal mask and the sliding-window mask built from triu(...).T, sqrt(emb_dim)-scaled
# embeddings, the notebook's parameter count and memory estimate, a load_weights_into_gemma-style
# copy from an HF-named state dict (weight tying when lm_head is absent), and
# generate_text_basic_stream. Changed: random weights at a tiny size in float32 (the notebook loads
# the 270M checkpoint in bfloat16), token ids in place of the HF tokenizer, a few AdamW steps and a
# torch.compile/explain check added. Written for Kiln, not copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FeedForward(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg["emb_dim"], cfg["hidden_dim"], dtype=cfg["dtype"], bias=False)
        self.fc2 = nn.Linear(cfg["emb_dim"], cfg["hidden_dim"], dtype=cfg["dtype"], bias=False)
        self.fc3 = nn.Linear(cfg["hidden_dim"], cfg["emb_dim"], dtype=cfg["dtype"], bias=False)

    def forward(self, x):
        return self.fc3(F.gelu(self.fc1(x), approximate="tanh") * self.fc2(x))


class RMSNorm(nn.Module):
    def __init__(self, emb_dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.zeros(emb_dim))

    def forward(self, x):
        dt = x.dtype
        xf = x.float()
        var = xf.pow(2).mean(dim=-1, keepdim=True)
        return (xf * torch.rsqrt(var + self.eps) * (1.0 + self.scale.float())).to(dt)


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
    def __init__(self, d_in, num_heads, num_kv_groups, head_dim, qk_norm, query_pre_attn_scalar, dtype):
        super().__init__()
        assert num_heads % num_kv_groups == 0
        self.num_heads, self.num_kv_groups = num_heads, num_kv_groups
        self.group_size = num_heads // num_kv_groups
        self.head_dim = head_dim
        self.d_out = num_heads * head_dim
        self.W_query = nn.Linear(d_in, self.d_out, bias=False, dtype=dtype)
        self.W_key = nn.Linear(d_in, num_kv_groups * head_dim, bias=False, dtype=dtype)
        self.W_value = nn.Linear(d_in, num_kv_groups * head_dim, bias=False, dtype=dtype)
        self.out_proj = nn.Linear(self.d_out, d_in, bias=False, dtype=dtype)
        self.q_norm = RMSNorm(head_dim) if qk_norm else None
        self.k_norm = RMSNorm(head_dim) if qk_norm else None
        self.scaling = query_pre_attn_scalar ** -0.5

    def forward(self, x, mask, cos, sin):
        b, n, _ = x.shape
        q = self.W_query(x).view(b, n, self.num_heads, self.head_dim).transpose(1, 2)
        k = self.W_key(x).view(b, n, self.num_kv_groups, self.head_dim).transpose(1, 2)
        v = self.W_value(x).view(b, n, self.num_kv_groups, self.head_dim).transpose(1, 2)
        if self.q_norm:
            q = self.q_norm(q)
        if self.k_norm:
            k = self.k_norm(k)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        k = k.repeat_interleave(self.group_size, dim=1)
        v = v.repeat_interleave(self.group_size, dim=1)
        scores = (q * self.scaling) @ k.transpose(2, 3)
        scores = scores.masked_fill(mask, -torch.inf)
        ctx = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(b, n, self.d_out)
        return self.out_proj(ctx)


class TransformerBlock(nn.Module):
    def __init__(self, cfg, attn_type):
        super().__init__()
        self.attn_type = attn_type
        self.att = GroupedQueryAttention(cfg["emb_dim"], cfg["n_heads"], cfg["n_kv_groups"], cfg["head_dim"],
                                         cfg["qk_norm"], cfg["query_pre_attn_scalar"], cfg["dtype"])
        self.ff = FeedForward(cfg)
        self.input_layernorm = RMSNorm(cfg["emb_dim"])
        self.post_attention_layernorm = RMSNorm(cfg["emb_dim"])
        self.pre_feedforward_layernorm = RMSNorm(cfg["emb_dim"])
        self.post_feedforward_layernorm = RMSNorm(cfg["emb_dim"])

    def forward(self, x, mask_global, mask_local, cos_global, sin_global, cos_local, sin_local):
        if self.attn_type == "sliding_attention":
            mask, cos, sin = mask_local, cos_local, sin_local
        else:
            mask, cos, sin = mask_global, cos_global, sin_global
        x = x + self.post_attention_layernorm(self.att(self.input_layernorm(x), mask, cos, sin))
        return x + self.post_feedforward_layernorm(self.ff(self.pre_feedforward_layernorm(x)))


class Gemma3Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        assert len(cfg["layer_types"]) == cfg["n_layers"]
        self.tok_emb = nn.Embedding(cfg["vocab_size"], cfg["emb_dim"], dtype=cfg["dtype"])
        self.blocks = nn.ModuleList([TransformerBlock(cfg, t) for t in cfg["layer_types"]])
        self.final_norm = RMSNorm(cfg["emb_dim"])
        self.out_head = nn.Linear(cfg["emb_dim"], cfg["vocab_size"], bias=False, dtype=cfg["dtype"])
        self.cfg = cfg
        cl, sl = rope_tables(cfg["head_dim"], cfg["rope_local_base"], cfg["context_length"])
        cg, sg = rope_tables(cfg["head_dim"], cfg["rope_base"], cfg["context_length"])
        self.register_buffer("cos_local", cl, persistent=False)
        self.register_buffer("sin_local", sl, persistent=False)
        self.register_buffer("cos_global", cg, persistent=False)
        self.register_buffer("sin_global", sg, persistent=False)

    def _create_masks(self, n, device):
        ones = torch.ones((n, n), dtype=torch.bool, device=device)
        mask_global = torch.triu(ones, diagonal=1)
        far_past = torch.triu(ones, diagonal=self.cfg["sliding_window"]).T
        return mask_global, mask_global | far_past

    def forward(self, input_ids):
        b, n = input_ids.shape
        x = self.tok_emb(input_ids) * (self.cfg["emb_dim"] ** 0.5)
        mask_global, mask_local = self._create_masks(n, x.device)
        for block in self.blocks:
            x = block(x, mask_global=mask_global, mask_local=mask_local, cos_global=self.cos_global,
                      sin_global=self.sin_global, cos_local=self.cos_local, sin_local=self.sin_local)
        return self.out_head(self.final_norm(x).to(self.cfg["dtype"]))


GEMMA3_CONFIG_TINY = {
    "vocab_size": 96, "context_length": 32, "emb_dim": 32, "n_heads": 4, "n_layers": 4, "hidden_dim": 64,
    "head_dim": 8, "qk_norm": True, "n_kv_groups": 2, "rope_local_base": 10_000.0, "rope_base": 1_000_000.0,
    "sliding_window": 4, "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention", "full_attention"],
    "dtype": torch.float32, "query_pre_attn_scalar": 8,
}


def calc_model_memory_size(model, input_dtype=torch.float32):
    total_params = sum(p.numel() for p in model.parameters())
    total_grads = sum(p.numel() for p in model.parameters() if p.requires_grad)
    total_buffers = sum(buf.numel() for buf in model.buffers())
    element_size = torch.tensor(0, dtype=input_dtype).element_size()
    return (total_params + total_grads + total_buffers) * element_size / (1024 ** 2)


def load_weights_into_gemma(model, cfg, params):
    def assign(left, right, name):
        if left.shape != right.shape:
            raise ValueError(f"Shape mismatch in tensor '{name}'. Left: {left.shape}, Right: {right.shape}")
        with torch.no_grad():
            left.copy_(right if isinstance(right, torch.Tensor) else torch.as_tensor(right, dtype=left.dtype))
        return left

    model.tok_emb.weight = assign(model.tok_emb.weight, params["model.embed_tokens.weight"], "embed")
    for l in range(cfg["n_layers"]):
        blk, p = model.blocks[l], f"model.layers.{l}."
        for mine, theirs in [(blk.att.W_query, "self_attn.q_proj"), (blk.att.W_key, "self_attn.k_proj"),
                             (blk.att.W_value, "self_attn.v_proj"), (blk.att.out_proj, "self_attn.o_proj"),
                             (blk.ff.fc1, "mlp.gate_proj"), (blk.ff.fc2, "mlp.up_proj"), (blk.ff.fc3, "mlp.down_proj")]:
            mine.weight = assign(mine.weight, params[p + theirs + ".weight"], p + theirs)
        blk.att.q_norm.scale = assign(blk.att.q_norm.scale, params[p + "self_attn.q_norm.weight"], "q_norm")
        blk.att.k_norm.scale = assign(blk.att.k_norm.scale, params[p + "self_attn.k_norm.weight"], "k_norm")
        for norm in ["input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm", "post_feedforward_layernorm"]:
            key = p + norm + ".weight"
            if key in params:
                getattr(blk, norm).scale = assign(getattr(blk, norm).scale, params[key], key)
    model.final_norm.scale = assign(model.final_norm.scale, params["model.norm.weight"], "norm")
    if "lm_head.weight" in params:
        model.out_head.weight = assign(model.out_head.weight, params["lm_head.weight"], "lm_head")
    else:
        model.out_head.weight = model.tok_emb.weight
        print("Model uses weight tying.")


def generate_text_basic_stream(model, token_ids, max_new_tokens, eos_token_id=None):
    model.eval()
    with torch.no_grad():
        for _ in range(max_new_tokens):
            out = model(token_ids)[:, -1]
            next_token = torch.argmax(out, dim=-1, keepdim=True)
            if eos_token_id is not None and torch.all(next_token == eos_token_id):
                break
            yield next_token
            token_ids = torch.cat([token_ids, next_token], dim=1)


torch.manual_seed(123)
cfg = GEMMA3_CONFIG_TINY
model = Gemma3Model(cfg)
print(model.blocks[0])
total = sum(p.numel() for p in model.parameters())
print(f"Total number of parameters: {total:,}")
print(f"Total number of unique parameters: {total - model.tok_emb.weight.numel():,}")
print(f"float32: {calc_model_memory_size(model, torch.float32):.3f} MB, bfloat16: {calc_model_memory_size(model, torch.bfloat16):.3f} MB")
print("buffers", [n for n, _ in model.named_buffers()], "state_dict has cos_local:", "cos_local" in model.state_dict())

mg, ml = model._create_masks(7, "cpu")
print("global mask\n", mg.int())
print("local mask\n", ml.int())

# an HF-named checkpoint (random values) loaded the notebook's way; no lm_head -> tied weights
g = torch.Generator().manual_seed(7)
hf = {"model.embed_tokens.weight": torch.randn(cfg["vocab_size"], cfg["emb_dim"], generator=g) * 0.5,
      "model.norm.weight": torch.randn(cfg["emb_dim"], generator=g) * 0.1}
shapes = {"self_attn.q_proj": model.blocks[0].att.W_query.weight.shape, "self_attn.k_proj": model.blocks[0].att.W_key.weight.shape,
          "self_attn.v_proj": model.blocks[0].att.W_value.weight.shape, "self_attn.o_proj": model.blocks[0].att.out_proj.weight.shape,
          "mlp.gate_proj": model.blocks[0].ff.fc1.weight.shape, "mlp.up_proj": model.blocks[0].ff.fc2.weight.shape,
          "mlp.down_proj": model.blocks[0].ff.fc3.weight.shape}
for l in range(cfg["n_layers"]):
    for k, s in shapes.items():
        hf[f"model.layers.{l}.{k}.weight"] = torch.randn(s, generator=g) * 0.2
    for k in ["self_attn.q_norm", "self_attn.k_norm"]:
        hf[f"model.layers.{l}.{k}.weight"] = torch.randn(cfg["head_dim"], generator=g) * 0.1
    for k in ["input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm", "post_feedforward_layernorm"]:
        hf[f"model.layers.{l}.{k}.weight"] = torch.randn(cfg["emb_dim"], generator=g) * 0.1
try:
    load_weights_into_gemma(model, cfg, dict(hf, **{"model.norm.weight": torch.zeros(3)}))
except ValueError as e:
    print("ValueError:", e)
load_weights_into_gemma(model, cfg, hf)
print("tied:", model.out_head.weight is model.tok_emb.weight, "unique params:", len(list(model.parameters())))

ids = torch.tensor([[5, 17, 42, 8, 63, 1, 30, 77, 12, 3]])
with torch.no_grad():
    logits = model(ids)
print("logits", tuple(logits.shape), f"{logits.abs().mean().item():.4f}", logits[0, -1].topk(3).indices.tolist())
print("stream:", [int(t) for t in generate_text_basic_stream(model, ids, 6)])
print("stream with eos:", [int(t) for t in generate_text_basic_stream(model, ids, 6, eos_token_id=int(logits[0, -1].argmax()))])

model.train()
opt = torch.optim.AdamW(model.parameters(), lr=5e-3, weight_decay=0.1)
batch = torch.randint(0, cfg["vocab_size"], (4, 17), generator=g)
for step in range(4):
    out = model(batch[:, :-1])
    loss = F.cross_entropy(out.flatten(0, 1), batch[:, 1:].flatten())
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.4f}")

model.eval()
ex = torch._dynamo.explain(model)(ids)
print("explain graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count > 0)
compiled = torch.compile(model)
with torch.no_grad():
    print("compiled matches eager:", torch.allclose(compiled(ids), model(ids), atol=1e-4))
