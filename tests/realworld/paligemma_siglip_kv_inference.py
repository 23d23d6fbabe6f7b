# Real-program corpus (tests/realworld, see README.md): a PaliGemma vision-language model written
# from scratch and run as its inference script runs it, the workflow of hkproj/pytorch-paligemma
# (modeling_siglip.py, modeling_gemma.py, processing_paligemma.py, inference.py) @ 34e1d98d
# (probe 29): config classes built from HF-style dicts, a SigLIP encoder (Conv2d patch embedding
# with padding="valid", position ids as a non-persistent expanded buffer, pre-LN blocks with
# softmax(dtype=float32) attention and tanh-GELU MLPs), a linear projector, a Gemma decoder (RMSNorm
# with (1 + weight), rotary embeddings computed under torch.autocast(enabled=False), grouped-query
# attention through repeat_kv's expand/reshape, an additive float mask, a KVCache that concatenates
# along the sequence), the image tokens merged with torch.where and masked_scatter, position ids
# from attention_mask.cumsum, tied lm_head weights, and the processor: PIL Image.resize(...,
# resample=BICUBIC, reducing_gap=None), NumPy rescale/normalize/transpose, "<image>" tokens + "<bos>"
# + prompt + "\n". test_inference's greedy loop and its top-p sampler (_sample_top_p with sort,
# cumsum, in-place masked zeroing and multinomial). Changed: random weights at a tiny size (the
# script loads paligemma-3b from safetensors), a byte-level tokenizer in place of the HF Gemma
# tokenizer (special tokens after byte 255), an image drawn with NumPy, fire's CLI replaced by direct
# calls. Written for Kiln, not copied.
import math

import numpy as np
import torch
from PIL import Image
from torch import nn


class SiglipVisionConfig:
    def __init__(self, hidden_size=768, intermediate_size=3072, num_hidden_layers=12, num_attention_heads=12,
                 num_channels=3, image_size=224, patch_size=16, layer_norm_eps=1e-6, attention_dropout=0.0,
                 num_image_tokens=None, **kwargs):
        self.hidden_size, self.intermediate_size = hidden_size, intermediate_size
        self.num_hidden_layers, self.num_attention_heads = num_hidden_layers, num_attention_heads
        self.num_channels, self.patch_size, self.image_size = num_channels, patch_size, image_size
        self.attention_dropout, self.layer_norm_eps, self.num_image_tokens = attention_dropout, layer_norm_eps, num_image_tokens


class GemmaConfig:
    def __init__(self, vocab_size, hidden_size, intermediate_size, num_hidden_layers, num_attention_heads,
                 num_key_value_heads, head_dim=256, max_position_embeddings=8192, rms_norm_eps=1e-6,
                 rope_theta=10000.0, attention_bias=False, attention_dropout=0.0, pad_token_id=None, **kwargs):
        self.vocab_size, self.hidden_size, self.intermediate_size = vocab_size, hidden_size, intermediate_size
        self.num_hidden_layers, self.num_attention_heads, self.num_key_value_heads = num_hidden_layers, num_attention_heads, num_key_value_heads
        self.head_dim, self.max_position_embeddings, self.rms_norm_eps = head_dim, max_position_embeddings, rms_norm_eps
        self.rope_theta, self.attention_bias, self.attention_dropout = rope_theta, attention_bias, attention_dropout
        self.pad_token_id = pad_token_id


class PaliGemmaConfig:
    def __init__(self, vision_config=None, text_config=None, ignore_index=-100, image_token_index=256000,
                 vocab_size=257152, projection_dim=2048, hidden_size=2048, pad_token_id=None, **kwargs):
        self.ignore_index, self.image_token_index = ignore_index, image_token_index
        self.projection_dim, self.hidden_size, self.pad_token_id = projection_dim, hidden_size, pad_token_id
        self.vision_config = SiglipVisionConfig(**vision_config)
        self.text_config = GemmaConfig(**text_config, pad_token_id=pad_token_id)
        self.vocab_size = self.text_config.vocab_size
        self.text_config.num_image_tokens = (self.vision_config.image_size // self.vision_config.patch_size) ** 2
        self.vision_config.projection_dim = projection_dim


class SiglipEmbeddings(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.patch_embedding = nn.Conv2d(c.num_channels, c.hidden_size, kernel_size=c.patch_size,
                                         stride=c.patch_size, padding="valid")
        n = (c.image_size // c.patch_size) ** 2
        self.position_embedding = nn.Embedding(n, c.hidden_size)
        self.register_buffer("position_ids", torch.arange(n).expand((1, -1)), persistent=False)

    def forward(self, pixel_values):
        x = self.patch_embedding(pixel_values).flatten(2).transpose(1, 2)
        return x + self.position_embedding(self.position_ids)


class SiglipAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.num_heads, self.head_dim = c.num_attention_heads, c.hidden_size // c.num_attention_heads
        self.scale, self.dropout = self.head_dim ** -0.5, c.attention_dropout
        self.k_proj, self.v_proj = nn.Linear(c.hidden_size, c.hidden_size), nn.Linear(c.hidden_size, c.hidden_size)
        self.q_proj, self.out_proj = nn.Linear(c.hidden_size, c.hidden_size), nn.Linear(c.hidden_size, c.hidden_size)

    def forward(self, h):
        b, n, e = h.size()
        q, k, v = (p(h).view(b, n, self.num_heads, self.head_dim).transpose(1, 2) for p in (self.q_proj, self.k_proj, self.v_proj))
        w = torch.matmul(q, k.transpose(2, 3)) * self.scale
        w = nn.functional.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        w = nn.functional.dropout(w, p=self.dropout, training=self.training)
        o = torch.matmul(w, v).transpose(1, 2).contiguous().reshape(b, n, e)
        return self.out_proj(o), w


class SiglipEncoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn = SiglipAttention(c)
        self.layer_norm1 = nn.LayerNorm(c.hidden_size, eps=c.layer_norm_eps)
        self.fc1, self.fc2 = nn.Linear(c.hidden_size, c.intermediate_size), nn.Linear(c.intermediate_size, c.hidden_size)
        self.layer_norm2 = nn.LayerNorm(c.hidden_size, eps=c.layer_norm_eps)

    def forward(self, h):
        a, _ = self.self_attn(self.layer_norm1(h))
        h = h + a
        return h + self.fc2(nn.functional.gelu(self.fc1(self.layer_norm2(h)), approximate="tanh"))


class SiglipVisionModel(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embeddings = SiglipEmbeddings(c)
        self.layers = nn.ModuleList([SiglipEncoderLayer(c) for _ in range(c.num_hidden_layers)])
        self.post_layernorm = nn.LayerNorm(c.hidden_size, eps=c.layer_norm_eps)

    def forward(self, pixel_values):
        h = self.embeddings(pixel_values)
        for layer in self.layers:
            h = layer(h)
        return self.post_layernorm(h)


class KVCache:
    def __init__(self):
        self.key_cache, self.value_cache = [], []

    def num_items(self):
        return 0 if len(self.key_cache) == 0 else self.key_cache[0].shape[-2]

    def update(self, k, v, layer_idx):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(k)
            self.value_cache.append(v)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], k], dim=-2)
            self.value_cache[layer_idx] = torch.cat([self.value_cache[layer_idx], v], dim=-2)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]


class GemmaRMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps, self.weight = eps, nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        out = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps)
        return (out * (1.0 + self.weight.float())).type_as(x)


class GemmaRotaryEmbedding(nn.Module):
    def __init__(self, dim, base=10000):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", tensor=inv_freq, persistent=False)

    @torch.no_grad()
    def forward(self, x, position_ids):
        inv = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        pos = position_ids[:, None, :].float()
        with torch.autocast(device_type=x.device.type, enabled=False):
            freqs = (inv.float() @ pos.float()).transpose(1, 2)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos, sin = emb.cos(), emb.sin()
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


def rotate_half(x):
    return torch.cat((-x[..., x.shape[-1] // 2:], x[..., : x.shape[-1] // 2]), dim=-1)


def repeat_kv(h, n_rep):
    b, nkv, s, d = h.shape
    if n_rep == 1:
        return h
    return h[:, :, None, :, :].expand(b, nkv, n_rep, s, d).reshape(b, nkv * n_rep, s, d)


class GemmaAttention(nn.Module):
    def __init__(self, c, layer_idx):
        super().__init__()
        self.layer_idx, self.num_heads, self.head_dim = layer_idx, c.num_attention_heads, c.head_dim
        self.num_kv = c.num_key_value_heads
        self.q_proj = nn.Linear(c.hidden_size, self.num_heads * self.head_dim, bias=c.attention_bias)
        self.k_proj = nn.Linear(c.hidden_size, self.num_kv * self.head_dim, bias=c.attention_bias)
        self.v_proj = nn.Linear(c.hidden_size, self.num_kv * self.head_dim, bias=c.attention_bias)
        self.o_proj = nn.Linear(self.num_heads * self.head_dim, c.hidden_size, bias=c.attention_bias)
        self.rotary_emb = GemmaRotaryEmbedding(self.head_dim, base=c.rope_theta)

    def forward(self, h, attention_mask, position_ids, kv_cache):
        b, n, _ = h.size()
        q = self.q_proj(h).view(b, n, self.num_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(h).view(b, n, self.num_kv, self.head_dim).transpose(1, 2)
        v = self.v_proj(h).view(b, n, self.num_kv, self.head_dim).transpose(1, 2)
        cos, sin = self.rotary_emb(v, position_ids)
        cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
        q, k = (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)
        if kv_cache is not None:
            k, v = kv_cache.update(k, v, self.layer_idx)
        k, v = repeat_kv(k, self.num_heads // self.num_kv), repeat_kv(v, self.num_heads // self.num_kv)
        w = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.head_dim) + attention_mask
        w = nn.functional.softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)
        o = torch.matmul(w, v)
        if o.size() != (b, self.num_heads, n, self.head_dim):
            raise ValueError(f"`attn_output` should be of size {(b, self.num_heads, n, self.head_dim)}, but is {o.size()}")
        return self.o_proj(o.transpose(1, 2).contiguous().view(b, n, -1))


class GemmaDecoderLayer(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.self_attn = GemmaAttention(c, i)
        self.gate_proj = nn.Linear(c.hidden_size, c.intermediate_size, bias=False)
        self.up_proj = nn.Linear(c.hidden_size, c.intermediate_size, bias=False)
        self.down_proj = nn.Linear(c.intermediate_size, c.hidden_size, bias=False)
        self.input_layernorm = GemmaRMSNorm(c.hidden_size, eps=c.rms_norm_eps)
        self.post_attention_layernorm = GemmaRMSNorm(c.hidden_size, eps=c.rms_norm_eps)

    def forward(self, h, attention_mask, position_ids, kv_cache):
        h = h + self.self_attn(self.input_layernorm(h), attention_mask, position_ids, kv_cache)
        x = self.post_attention_layernorm(h)
        return h + self.down_proj(nn.functional.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))


class GemmaForCausalLM(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.config = c
        self.embed_tokens = nn.Embedding(c.vocab_size, c.hidden_size, c.pad_token_id)
        self.layers = nn.ModuleList([GemmaDecoderLayer(c, i) for i in range(c.num_hidden_layers)])
        self.norm = GemmaRMSNorm(c.hidden_size, eps=c.rms_norm_eps)
        self.lm_head = nn.Linear(c.hidden_size, c.vocab_size, bias=False)

    def tie_weights(self):
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, attention_mask, position_ids, inputs_embeds, kv_cache):
        h = inputs_embeds * torch.tensor(self.config.hidden_size ** 0.5, dtype=inputs_embeds.dtype)
        for layer in self.layers:
            h = layer(h, attention_mask, position_ids, kv_cache)
        out = {"logits": self.lm_head(self.norm(h)).float()}
        if kv_cache is not None:
            out["kv_cache"] = kv_cache
        return out


class PaliGemmaForConditionalGeneration(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.vision_tower = SiglipVisionModel(config.vision_config)
        self.multi_modal_projector = nn.Linear(config.vision_config.hidden_size, config.vision_config.projection_dim)
        self.language_model = GemmaForCausalLM(config.text_config)
        self.pad_token_id = config.pad_token_id if config.pad_token_id is not None else -1

    def tie_weights(self):
        return self.language_model.tie_weights()

    def _merge(self, image_features, inputs_embeds, input_ids, attention_mask, kv_cache):
        _, _, embed_dim = image_features.shape
        batch_size, seq_len = input_ids.shape
        scaled = image_features / (self.config.hidden_size ** 0.5)
        final = torch.zeros(batch_size, seq_len, embed_dim, dtype=inputs_embeds.dtype)
        text_mask = (input_ids != self.config.image_token_index) & (input_ids != self.pad_token_id)
        image_mask = input_ids == self.config.image_token_index
        pad_mask = input_ids == self.pad_token_id
        final = torch.where(text_mask.unsqueeze(-1).expand(-1, -1, embed_dim), inputs_embeds, final)
        final = final.masked_scatter(image_mask.unsqueeze(-1).expand(-1, -1, embed_dim), scaled)
        final = torch.where(pad_mask.unsqueeze(-1).expand(-1, -1, embed_dim), torch.zeros_like(final), final)
        q_len = inputs_embeds.shape[1]
        if kv_cache is None or kv_cache.num_items() == 0:
            causal_mask = torch.full((batch_size, q_len, q_len), fill_value=0, dtype=final.dtype)
        else:
            assert q_len == 1
            causal_mask = torch.full((batch_size, q_len, kv_cache.num_items() + q_len), fill_value=0, dtype=final.dtype)
        causal_mask = causal_mask.unsqueeze(1)
        if kv_cache is not None and kv_cache.num_items() > 0:
            position_ids = attention_mask.cumsum(-1)[:, -1]
            if position_ids.dim() == 1:
                position_ids = position_ids.unsqueeze(0)
        else:
            position_ids = attention_mask.cumsum(-1).masked_fill_((attention_mask == 0), 1)
        return final, causal_mask, position_ids

    def forward(self, input_ids, pixel_values, attention_mask, kv_cache=None):
        assert torch.all(attention_mask == 1), "The input cannot be padded"
        inputs_embeds = self.language_model.embed_tokens(input_ids)
        feats = self.multi_modal_projector(self.vision_tower(pixel_values.to(inputs_embeds.dtype)))
        embeds, mask, pos = self._merge(feats, inputs_embeds, input_ids, attention_mask, kv_cache)
        return self.language_model(attention_mask=mask, position_ids=pos, inputs_embeds=embeds, kv_cache=kv_cache)


class ByteTokenizer:
    """Bytes 0-255, then the special tokens in the order they are added."""

    def __init__(self):
        self.special = {"<pad>": 256, "<eos>": 257, "<bos>": 258}
        self.bos_token, self.eos_token, self.eos_token_id = "<bos>", "<eos>", 257

    def add_special_tokens(self, d):
        for t in d["additional_special_tokens"]:
            self.special[t] = 256 + len(self.special)

    def add_tokens(self, toks):
        for t in toks:
            self.special[t] = 256 + len(self.special)

    def convert_tokens_to_ids(self, t):
        return self.special[t]

    def _encode(self, s):
        out, i = [], 0
        while i < len(s):
            for k, v in self.special.items():
                if s.startswith(k, i):
                    out.append(v)
                    i += len(k)
                    break
            else:
                out.extend(s[i].encode("utf-8"))
                i += 1
        return out

    def __call__(self, texts, return_tensors="pt", padding="longest", truncation=True):
        ids = [self._encode(t) for t in texts]
        return {"input_ids": torch.tensor(ids), "attention_mask": torch.ones(len(ids), len(ids[0]), dtype=torch.long)}

    def decode(self, ids, skip_special_tokens=False):
        return bytes(i for i in ids.tolist() if i < 256).decode("utf-8", "replace")


class PaliGemmaProcessor:
    IMAGE_TOKEN = "<image>"

    def __init__(self, tokenizer, num_image_tokens, image_size):
        self.image_seq_length, self.image_size = num_image_tokens, image_size
        tokenizer.add_special_tokens({"additional_special_tokens": [self.IMAGE_TOKEN]})
        tokenizer.add_tokens([f"<loc{i:04d}>" for i in range(1024)] + [f"<seg{i:03d}>" for i in range(128)])
        self.image_token_id = tokenizer.convert_tokens_to_ids(self.IMAGE_TOKEN)
        self.tokenizer = tokenizer

    def __call__(self, text, images):
        assert len(images) == 1 and len(text) == 1, f"Received {len(images)} images for {len(text)} prompts."
        pixel_values = []
        for image in images:
            image = image.resize((self.image_size, self.image_size), resample=Image.Resampling.BICUBIC, reducing_gap=None)
            arr = (np.array(image) * (1 / 255.0)).astype(np.float32)
            mean, std = np.array([0.5, 0.5, 0.5], dtype=arr.dtype), np.array([0.5, 0.5, 0.5], dtype=arr.dtype)
            pixel_values.append(((arr - mean) / std).transpose(2, 0, 1))
        pixel_values = torch.tensor(np.stack(pixel_values, axis=0))
        strings = [f"{self.IMAGE_TOKEN * self.image_seq_length}{self.tokenizer.bos_token}{p}\n" for p in text]
        return {"pixel_values": pixel_values, **self.tokenizer(strings, return_tensors="pt", padding="longest", truncation=True)}


def _sample_top_p(probs, p):
    probs_sort, probs_idx = torch.sort(probs, dim=-1, descending=True)
    probs_sum = torch.cumsum(probs_sort, dim=-1)
    mask = probs_sum - probs_sort > p
    probs_sort[mask] = 0.0
    probs_sort.div_(probs_sort.sum(dim=-1, keepdim=True))
    next_token = torch.multinomial(probs_sort, num_samples=1)
    return torch.gather(probs_idx, -1, next_token)


def test_inference(model, processor, prompt, image, max_tokens, temperature, top_p, do_sample):
    inputs = processor(text=[prompt], images=[image])
    input_ids, attention_mask, pixel_values = inputs["input_ids"], inputs["attention_mask"], inputs["pixel_values"]
    kv_cache = KVCache()
    generated = []
    for _ in range(max_tokens):
        outputs = model(input_ids=input_ids, pixel_values=pixel_values, attention_mask=attention_mask, kv_cache=kv_cache)
        kv_cache = outputs["kv_cache"]
        logits = outputs["logits"][:, -1, :]
        if do_sample:
            next_token = _sample_top_p(torch.softmax(logits / temperature, dim=-1), top_p)
        else:
            next_token = torch.argmax(logits, dim=-1, keepdim=True)
        assert next_token.size() == (1, 1)
        next_token = next_token.squeeze(0)
        generated.append(next_token)
        if next_token.item() == processor.tokenizer.eos_token_id:
            break
        input_ids = next_token.unsqueeze(-1)
        attention_mask = torch.cat([attention_mask, torch.ones((1, 1), device=input_ids.device)], dim=-1)
    generated = torch.cat(generated, dim=-1)
    print("tokens", generated.tolist(), "cache len", kv_cache.num_items())
    return generated


torch.manual_seed(0)
image_size, patch = 32, 8
config = PaliGemmaConfig(
    vision_config={"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
                   "image_size": image_size, "patch_size": patch, "num_image_tokens": (image_size // patch) ** 2},
    text_config={"vocab_size": 1412, "hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 2,
                 "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 8},
    image_token_index=259, projection_dim=32, hidden_size=32, pad_token_id=256)
print("image tokens", config.text_config.num_image_tokens, "projection", config.vision_config.projection_dim)
model = PaliGemmaForConditionalGeneration(config).eval()
with torch.no_grad():
    for p in model.language_model.embed_tokens.parameters():
        p.mul_(0.05)
model.tie_weights()
print("params", sum(p.numel() for p in model.parameters()),
      "tied", model.language_model.lm_head.weight is model.language_model.embed_tokens.weight)
print("buffers", sorted(n for n, _ in model.named_buffers()), len(model.state_dict()))

yy, xx = np.mgrid[0:30, 0:40]
arr = np.stack([(xx * 6) % 256, (yy * 8) % 256, ((xx + yy) * 3) % 256], axis=-1).astype(np.uint8)
image = Image.fromarray(arr)
print(image.size, image.mode)
processor = PaliGemmaProcessor(ByteTokenizer(), config.vision_config.num_image_tokens, image_size)
inputs = processor(text=["caption en"], images=[image])
print({k: (tuple(v.shape), v.dtype) for k, v in inputs.items()})
print("pixels", f"{inputs['pixel_values'].mean().item():.4f}", f"{inputs['pixel_values'].std().item():.4f}")
print("ids", inputs["input_ids"][0, 14:].tolist())
try:
    image.resize((8, 8), reducing_gap=0.5)
except ValueError as e:
    print("ValueError:", e)

with torch.no_grad():
    out = model(**inputs, kv_cache=None)
    print("logits", tuple(out["logits"].shape), "kv_cache" in out, f"{out['logits'].abs().mean().item():.4f}")
    greedy = test_inference(model, processor, "caption en", image, 6, 0.8, 0.9, False)
    # the KV cache path gives the full-sequence forward's logits
    ids = torch.cat([inputs["input_ids"], greedy[:1].view(1, 1)], dim=1)
    full = model(ids, inputs["pixel_values"], torch.ones_like(ids))["logits"][:, -1]
    cache = KVCache()
    model(inputs["input_ids"], inputs["pixel_values"], inputs["attention_mask"], cache)
    step = model(greedy[:1].view(1, 1), inputs["pixel_values"], torch.ones(1, inputs["input_ids"].shape[1] + 1), cache)["logits"][:, -1]
    print("cached step matches full forward:", torch.allclose(full, step, atol=1e-4))
    torch.manual_seed(1)
    test_inference(model, processor, "caption en", image, 6, 0.8, 0.9, True)
