# Real-program corpus (tests/realworld, see README.md): Llama 3's forward pass one tensor at a time,
# the workflow of naklecha/llama3-from-scratch llama3-from-scratch.ipynb @ 1b866ac6 (probe 29): a
# consolidated.00.pth-style state dict read with torch.load and walked by key, params.json as a
# config, an Embedding whose weight.data.copy_ takes the checkpoint's, bfloat16 activations, rms_norm
# as a function, per-head query/key/value weights viewed out of wq/wk/wv, RoPE through
# torch.polar(ones_like(freqs), freqs), view_as_complex of (n, 64, 2) pairs, a complex multiply and
# view_as_real back, a -inf triu mask added to the scores, softmax(...).to(bfloat16), the four-way
# shared key/value heads (head // 4), SwiGLU through torch.functional.F.silu, all layers in a loop,
# and the next token from the last position's logits; `qk.to(float)` as the notebook's heatmap
# helper converts it. Changed: a random 2-layer checkpoint with the notebook's head size (128) and
# 4:1 query:key heads but dim 512, written through torch.save into a BytesIO; a byte-level
# tokenizer in place of tiktoken's Llama 3 BPE (token 256 as <|begin_of_text|>); the prompt cut to
# 16 characters (the notebook hard-codes 17 positions); matplotlib plots dropped. Written for Kiln,
# not copied.
import io
import json

import torch

params_json = '{"dim": 512, "n_layers": 2, "n_heads": 4, "n_kv_heads": 1, "vocab_size": 320, "multiple_of": 256, ' \
              '"ffn_dim_multiplier": 1.3, "norm_eps": 1e-05, "rope_theta": 500000.0}'
config = json.loads(params_json)
dim, n_layers, n_heads, n_kv_heads = config["dim"], config["n_layers"], config["n_heads"], config["n_kv_heads"]
vocab_size, norm_eps = config["vocab_size"], config["norm_eps"]
rope_theta = torch.tensor(config["rope_theta"])

# the checkpoint: Meta's key names, bfloat16, through torch.save / torch.load
torch.manual_seed(0)
hd, hidden = dim // n_heads, 192
ckpt = {"tok_embeddings.weight": torch.randn(vocab_size, dim) * 0.5}
for l in range(n_layers):
    p = f"layers.{l}."
    ckpt[p + "attention.wq.weight"] = torch.randn(dim, dim) * 0.04
    ckpt[p + "attention.wk.weight"] = torch.randn(n_kv_heads * hd, dim) * 0.04
    ckpt[p + "attention.wv.weight"] = torch.randn(n_kv_heads * hd, dim) * 0.04
    ckpt[p + "attention.wo.weight"] = torch.randn(dim, dim) * 0.04
    ckpt[p + "feed_forward.w1.weight"] = torch.randn(hidden, dim) * 0.04
    ckpt[p + "feed_forward.w3.weight"] = torch.randn(hidden, dim) * 0.04
    ckpt[p + "feed_forward.w2.weight"] = torch.randn(dim, hidden) * 0.04
    ckpt[p + "attention_norm.weight"] = 1 + 0.1 * torch.randn(dim)
    ckpt[p + "ffn_norm.weight"] = 1 + 0.1 * torch.randn(dim)
ckpt["norm.weight"] = torch.ones(dim)
ckpt["output.weight"] = torch.randn(vocab_size, dim) * 0.04
buf = io.BytesIO()
torch.save({k: v.to(torch.bfloat16) for k, v in ckpt.items()}, buf)
buf.seek(0)
model = torch.load(buf)
print(json.dumps(list(model.keys())[:5], indent=4))
print(len(model), model["layers.0.attention.wq.weight"].dtype)


class ByteTokenizer:
    def encode(self, s):
        return list(s.encode("utf-8"))

    def decode(self, ids):
        return "".join("<|begin_of_text|>" if i == 256 else bytes([i]).decode("latin-1") if i < 256
                       else f"<|reserved_special_token_{i - 257}|>" for i in ids)


tokenizer = ByteTokenizer()
prompt = "the answer is 42"
tokens = [256] + tokenizer.encode(prompt)
print(tokens)
tokens = torch.tensor(tokens)
prompt_split_as_tokens = [tokenizer.decode([token.item()]) for token in tokens]
print(prompt_split_as_tokens)

embedding_layer = torch.nn.Embedding(vocab_size, dim)
embedding_layer.weight.data.copy_(model["tok_embeddings.weight"])
token_embeddings_unnormalized = embedding_layer(tokens).to(torch.bfloat16)
print(token_embeddings_unnormalized.shape, token_embeddings_unnormalized.dtype)


def rms_norm(tensor, norm_weights):
    return (tensor * torch.rsqrt(tensor.pow(2).mean(-1, keepdim=True) + norm_eps)) * norm_weights


token_embeddings = rms_norm(token_embeddings_unnormalized, model["layers.0.attention_norm.weight"])
print(token_embeddings.shape, token_embeddings.dtype)
print(model["layers.0.attention.wq.weight"].shape, model["layers.0.attention.wk.weight"].shape,
      model["layers.0.attention.wv.weight"].shape, model["layers.0.attention.wo.weight"].shape)

q_layer0 = model["layers.0.attention.wq.weight"]
head_dim = q_layer0.shape[0] // n_heads
q_layer0 = q_layer0.view(n_heads, head_dim, dim)
q_layer0_head0 = q_layer0[0]
q_per_token = torch.matmul(token_embeddings, q_layer0_head0.T)
q_per_token_split_into_pairs = q_per_token.float().view(q_per_token.shape[0], -1, 2)
print(q_layer0.shape, q_per_token.shape, q_per_token_split_into_pairs.shape)

zero_to_one_split_into_64_parts = torch.tensor(range(64)) / 64
freqs = 1.0 / (rope_theta ** zero_to_one_split_into_64_parts)
freqs_for_each_token = torch.outer(torch.arange(17), freqs)
freqs_cis = torch.polar(torch.ones_like(freqs_for_each_token), freqs_for_each_token)
print(freqs_cis.shape, freqs_cis.dtype)
value = freqs_cis[3]
print([f"{e.real.item():.4f}{e.imag.item():+.4f}j" for e in value[:4]])

q_per_token_as_complex_numbers = torch.view_as_complex(q_per_token_split_into_pairs)
q_per_token_as_complex_numbers_rotated = q_per_token_as_complex_numbers * freqs_cis
q_per_token_split_into_pairs_rotated = torch.view_as_real(q_per_token_as_complex_numbers_rotated)
q_per_token_rotated = q_per_token_split_into_pairs_rotated.view(q_per_token.shape)
print(q_per_token_as_complex_numbers.shape, q_per_token_as_complex_numbers.dtype, q_per_token_rotated.shape)
# the rotation keeps each pair's length
print("norms kept:", torch.allclose(q_per_token_as_complex_numbers.abs(), q_per_token_as_complex_numbers_rotated.abs(), atol=1e-4))

k_layer0 = model["layers.0.attention.wk.weight"]
k_layer0 = k_layer0.view(n_kv_heads, k_layer0.shape[0] // n_kv_heads, dim)
k_per_token = torch.matmul(token_embeddings, k_layer0[0].T)
k_pairs = torch.view_as_real(torch.view_as_complex(k_per_token.float().view(k_per_token.shape[0], -1, 2)) * freqs_cis)
k_per_token_rotated = k_pairs.view(k_per_token.shape)
qk_per_token = torch.matmul(q_per_token_rotated, k_per_token_rotated.T) / (head_dim) ** 0.5
print(qk_per_token.shape, qk_per_token.dtype, qk_per_token.to(float).detach().dtype)

mask = torch.full((len(tokens), len(tokens)), float("-inf"), device=tokens.device)
mask = torch.triu(mask, diagonal=1)
print(mask[:3, :3])
qk_per_token_after_masking = qk_per_token + mask
qk_per_token_after_masking_after_softmax = torch.nn.functional.softmax(qk_per_token_after_masking, dim=1).to(torch.bfloat16)
row_sums = qk_per_token_after_masking_after_softmax.float().sum(1)
print("rows sum to 1 (bfloat16):", bool(((row_sums - 1).abs() < 0.01).all()), qk_per_token_after_masking_after_softmax.dtype)

v_layer0 = model["layers.0.attention.wv.weight"]
v_layer0 = v_layer0.view(n_kv_heads, v_layer0.shape[0] // n_kv_heads, dim)
v_per_token = torch.matmul(token_embeddings, v_layer0[0].T)
qkv_attention = torch.matmul(qk_per_token_after_masking_after_softmax, v_per_token)
print(qkv_attention.shape, qkv_attention.dtype)

final_embedding = token_embeddings_unnormalized
for layer in range(n_layers):
    qkv_attention_store = []
    layer_embedding_norm = rms_norm(final_embedding, model[f"layers.{layer}.attention_norm.weight"])
    q_layer = model[f"layers.{layer}.attention.wq.weight"]
    q_layer = q_layer.view(n_heads, q_layer.shape[0] // n_heads, dim)
    k_layer = model[f"layers.{layer}.attention.wk.weight"]
    k_layer = k_layer.view(n_kv_heads, k_layer.shape[0] // n_kv_heads, dim)
    v_layer = model[f"layers.{layer}.attention.wv.weight"]
    v_layer = v_layer.view(n_kv_heads, v_layer.shape[0] // n_kv_heads, dim)
    for head in range(n_heads):
        q_per_token = torch.matmul(layer_embedding_norm, q_layer[head].T)
        k_per_token = torch.matmul(layer_embedding_norm, k_layer[head // 4].T)
        v_per_token = torch.matmul(layer_embedding_norm, v_layer[head // 4].T)
        q_c = torch.view_as_complex(q_per_token.float().view(q_per_token.shape[0], -1, 2))
        q_rot = torch.view_as_real(q_c * freqs_cis).view(q_per_token.shape)
        k_c = torch.view_as_complex(k_per_token.float().view(k_per_token.shape[0], -1, 2))
        k_rot = torch.view_as_real(k_c * freqs_cis).view(k_per_token.shape)
        qk = torch.matmul(q_rot, k_rot.T) / (128) ** 0.5
        m = torch.triu(torch.full((len(token_embeddings_unnormalized), len(token_embeddings_unnormalized)), float("-inf")), diagonal=1)
        att = torch.nn.functional.softmax(qk + m, dim=1).to(torch.bfloat16)
        qkv_attention_store.append(torch.matmul(att, v_per_token))
    stacked_qkv_attention = torch.cat(qkv_attention_store, dim=-1)
    embedding_delta = torch.matmul(stacked_qkv_attention, model[f"layers.{layer}.attention.wo.weight"].T)
    embedding_after_edit = final_embedding + embedding_delta
    embedding_after_edit_normalized = rms_norm(embedding_after_edit, model[f"layers.{layer}.ffn_norm.weight"])
    w1 = model[f"layers.{layer}.feed_forward.w1.weight"]
    w2 = model[f"layers.{layer}.feed_forward.w2.weight"]
    w3 = model[f"layers.{layer}.feed_forward.w3.weight"]
    output_after_feedforward = torch.matmul(torch.functional.F.silu(torch.matmul(embedding_after_edit_normalized, w1.T))
                                            * torch.matmul(embedding_after_edit_normalized, w3.T), w2.T)
    final_embedding = embedding_after_edit + output_after_feedforward
    print("layer", layer, final_embedding.shape, final_embedding.dtype, f"{final_embedding.float().abs().mean().item():.2f}")

final_embedding = rms_norm(final_embedding, model["norm.weight"])
logits = torch.matmul(final_embedding[-1], model["output.weight"].T)
print(logits.shape, logits.dtype)
top = torch.topk(logits.float(), 5)
print("top-5 ids", top.indices.tolist())
next_token = torch.argmax(logits, dim=-1)
print(next_token, repr(tokenizer.decode([next_token.item()])))
print(torch.functional.F is torch.nn.functional, torch.tensor([1, 2]).to(float).dtype, torch.tensor([1.5]).to(int).dtype,
      torch.tensor([0.0, 2.0]).to(bool).tolist(), torch.tensor([1.0]).to(complex).dtype)
