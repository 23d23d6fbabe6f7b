# Real-program corpus (tests/realworld, see README.md): the PyTorch reference of karpathy/llm.c
# train_gpt2.py @ f1e2ace651495b74ae22d45d1723443fd00ecd3a: `import torch._inductor.config as config`,
# ZeroRedundancyOptimizer and the torch.distributed imports of a DDP-ready script, the GPT-2 modules
# (NewGELU, masked or flash attention behind a global FLASH flag, weight tying, a seeded init
# generator and LLMC_* attributes steering _init_weights), configure_optimizers with the fused-AdamW
# check through inspect.signature, the C-bridge writers (write_fp32 through numpy().tobytes(),
# write_bf16 through t.view(torch.int16), 256-int32 headers, vocab padding with F.pad), a cosine
# learning-rate schedule with warmup, gradient accumulation and clipping, and at the end the
# DistributedDataLoader reading a token shard (int32 header, uint16 tokens via np.frombuffer).
# Written for Kiln, not copied; sizes are tiny, files are io.BytesIO buffers, the tokenizer is bytes.
import inspect
import io
import math
import struct
from contextlib import nullcontext
from dataclasses import dataclass

import numpy as np
import torch
import torch._inductor.config as config
import torch.distributed as dist
import torch.nn as nn
from torch.distributed import destroy_process_group, init_process_group
from torch.distributed.optim import ZeroRedundancyOptimizer
from torch.nn import functional as F
from torch.nn.parallel import DistributedDataParallel as DDP


class NewGELU(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


FLASH = 0


class CausalSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        assert config.n_embd % config.n_head == 0
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd)
        self.c_proj.LLMC_RESIDUAL_SCALE_FLAG = 1
        self.n_head = config.n_head
        self.n_embd = config.n_embd
        self.register_buffer("bias", torch.tril(torch.ones(config.block_size, config.block_size))
                             .view(1, 1, config.block_size, config.block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        if FLASH:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
            att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
            y = F.softmax(att, dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class MLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.c_fc = nn.Linear(config.n_embd, 4 * config.n_embd)
        self.gelu = NewGELU()
        self.c_proj = nn.Linear(4 * config.n_embd, config.n_embd)
        self.c_proj.LLMC_RESIDUAL_SCALE_FLAG = 1

    def forward(self, x):
        return self.c_proj(self.gelu(self.c_fc(x)))


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.ln_1 = nn.LayerNorm(config.n_embd)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = nn.LayerNorm(config.n_embd)
        self.mlp = MLP(config)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


@dataclass
class GPTConfig:
    block_size: int = 32
    vocab_size: int = 300
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 16


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(config.vocab_size, config.n_embd),
            wpe=nn.Embedding(config.block_size, config.n_embd),
            h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            ln_f=nn.LayerNorm(config.n_embd),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.lm_head.LLMC_SKIP_INIT = 1
        self.transformer.wte.weight = self.lm_head.weight
        self.init_rng = torch.Generator()
        self.init_rng.manual_seed(42)
        self.apply(self._init_weights)

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            std = 0.02 if not hasattr(module, 'LLMC_RESIDUAL_SCALE_FLAG') else 0.02 / math.sqrt(2 * self.config.n_layer)
            if not hasattr(module, 'LLMC_SKIP_INIT'):
                torch.nn.init.normal_(module.weight, mean=0.0, std=std, generator=self.init_rng)
            if module.bias is not None:
                torch.nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02, generator=self.init_rng)

    def forward(self, idx, targets=None, return_logits=True):
        b, t = idx.size()
        assert t <= self.config.block_size, f"Cannot forward sequence of length {t}, block size is only {self.config.block_size}"
        pos = torch.arange(0, t, dtype=torch.long, device=idx.device)
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        if targets is not None:
            logits = self.lm_head(x)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        else:
            logits = self.lm_head(x[:, [-1], :])
            loss = None
        if not return_logits:
            logits = None
        return logits, loss

    def configure_optimizers(self, weight_decay, learning_rate, betas, device_type, zero_stage):
        param_dict = {pn: p for pn, p in self.named_parameters() if p.requires_grad}
        decay_params = [p for n, p in param_dict.items() if p.dim() >= 2]
        nodecay_params = [p for n, p in param_dict.items() if p.dim() < 2]
        optim_groups = [{'params': decay_params, 'weight_decay': weight_decay},
                        {'params': nodecay_params, 'weight_decay': 0.0}]
        print(f"num decayed parameter tensors: {len(decay_params)}, with {sum(p.numel() for p in decay_params):,} parameters")
        print(f"num non-decayed parameter tensors: {len(nodecay_params)}, with "
              f"{sum(p.numel() for p in nodecay_params):,} parameters")
        fused_available = 'fused' in inspect.signature(torch.optim.AdamW).parameters
        use_fused = fused_available and device_type == 'cuda'
        print(f"using fused AdamW: {use_fused}")
        if zero_stage == 1:
            optimizer = ZeroRedundancyOptimizer(**optim_groups[0], optimizer_class=torch.optim.AdamW,
                                                lr=learning_rate, betas=betas, fused=use_fused)
            optimizer.add_param_group(optim_groups[1])
        else:
            print("using regular AdamW")
            optimizer = torch.optim.AdamW(optim_groups, lr=learning_rate, betas=betas, fused=use_fused)
        return optimizer


def write_fp32(tensor, file):
    file.write(tensor.detach().cpu().to(torch.float32).numpy().tobytes())


def write_bf16(tensor, file):
    t = tensor.detach().cpu().to(torch.bfloat16)
    t = t.view(torch.int16)  # numpy has no bfloat16: reinterpret the bits as int16
    file.write(t.numpy().tobytes())


@torch.no_grad()
def pad_vocab(tensor, multiple=128, value=0):
    V, C = tensor.shape
    Vp = ((V + multiple - 1) // multiple) * multiple
    pad_rows = Vp - V
    padded = tensor if pad_rows == 0 else F.pad(tensor, (0, 0, 0, pad_rows), value=value)
    assert padded.shape == (Vp, C)
    return padded


def write_model(model, file, dtype):
    version = {"float32": 3, "bfloat16": 5}[dtype]
    header = torch.zeros(256, dtype=torch.int32)
    header[0] = 20240326
    header[1] = version
    header[2] = model.config.block_size
    header[3] = model.config.vocab_size
    header[4] = model.config.n_layer
    header[5] = model.config.n_head
    header[6] = model.config.n_embd
    params = {name: param.cpu() for name, param in model.named_parameters()}
    params["transformer.wte.weight"] = pad_vocab(params["transformer.wte.weight"])
    header[7] = params["transformer.wte.weight"].size(0)
    file.write(header.numpy().tobytes())
    write_fun = write_fp32 if dtype == "float32" else write_bf16
    for name in params:
        write_fun(params[name], file)
    print(f"padded vocab size from {model.config.vocab_size} to {header[7].item()}; wrote {dtype} model")


def write_shard(tokens, file):
    header = np.zeros(256, dtype=np.int32)
    header[0], header[1], header[2] = 20240520, 1, len(tokens)
    file.write(header.tobytes())
    file.write(struct.pack("<%dH" % len(tokens), *tokens))


class DistributedDataLoader:
    def __init__(self, shard, B, T, process_rank, num_processes):
        self.process_rank, self.num_processes, self.B, self.T = process_rank, num_processes, B, T
        header = np.frombuffer(shard[:256 * 4], dtype=np.int32)
        assert header[0] == 20240520, "magic number mismatch in the data .bin file"
        assert header[1] == 1, "unsupported version"
        ntok = header[2]
        self.tokens = np.frombuffer(shard[256 * 4:], dtype=np.uint16)
        assert len(self.tokens) == ntok, "number of tokens read does not match header?"
        print(f"DataLoader: total number of tokens: {ntok:,} across 1 files")
        self.reset()

    def reset(self):
        self.current_position = self.process_rank * self.B * self.T

    def next_batch(self):
        B, T = self.B, self.T
        buf = self.tokens[self.current_position: self.current_position + B * T + 1]
        buf = torch.tensor(buf.astype(np.int32), dtype=torch.long)
        x, y = buf[:-1].view(B, T), buf[1:].view(B, T)
        self.current_position += B * T * self.num_processes
        if self.current_position + (B * T * self.num_processes + 1) > len(self.tokens):
            self.reset()
        return x, y


if __name__ == "__main__":
    B, T, total_batch_size = 2, 16, 64
    ddp_rank, ddp_world_size, master_process = 0, 1, True
    device, device_type = "cpu", "cpu"
    grad_accum_steps = total_batch_size // (B * T * ddp_world_size)
    print(f"total desired batch size: {total_batch_size}")
    print(f"=> calculated gradient accumulation steps: {grad_accum_steps}")
    print("torch.distributed initialized:", dist.is_available() and dist.is_initialized())
    ctx = torch.amp.autocast(device_type=device_type, dtype=torch.bfloat16) if device_type == "cuda" else nullcontext()
    if hasattr(config, "coordinate_descent_tuning"):
        config.coordinate_descent_tuning = True
    torch.manual_seed(42)

    model = GPT(GPTConfig())
    model.train()
    print("tied:", model.transformer.wte.weight is model.lm_head.weight,
          "params:", sum(p.numel() for p in model.parameters()))
    fp32, bf16 = io.BytesIO(), io.BytesIO()
    write_model(model, fp32, "float32")
    write_model(model, bf16, "bfloat16")
    print("fp32 bytes:", len(fp32.getvalue()), "bf16 bytes:", len(bf16.getvalue()))
    head = np.frombuffer(fp32.getvalue()[:256 * 4], dtype=np.int32)
    print("header:", head[:8].tolist())
    wte_bits = torch.frombuffer(bytearray(bf16.getvalue()[1024:1024 + 2 * 8]), dtype=torch.int16)
    wte_bf16 = model.transformer.wte.weight.detach()[0, :8].to(torch.bfloat16)
    print("bf16 round trip:", torch.equal(wte_bits.view(torch.bfloat16), wte_bf16))

    text = ("First Citizen: Before we proceed any further, hear me speak. All: Speak, speak. " * 6).encode()
    tokens = [256] + list(text)
    x_all = torch.tensor(tokens, dtype=torch.long)
    raw_model = model
    optimizer = raw_model.configure_optimizers(weight_decay=0.1, learning_rate=1e-3, betas=(0.9, 0.95),
                                               device_type=device, zero_stage=0)

    def get_lr(it, warmup_iters=2, num_iterations=6, learning_rate=1e-3, min_lr=1e-4):
        if it < warmup_iters:
            return learning_rate * (it + 1) / warmup_iters
        decay_ratio = (it - warmup_iters) / (num_iterations - warmup_iters)
        coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio))
        return min_lr + coeff * (learning_rate - min_lr)

    pos = 0
    for step in range(6):
        optimizer.zero_grad(set_to_none=True)
        lossf = 0.0
        for micro_step in range(grad_accum_steps):
            buf = x_all[pos:pos + B * T + 1]
            pos = (pos + B * T) % (len(tokens) - B * T - 1)
            x, y = buf[:-1].view(B, T), buf[1:].view(B, T)
            with ctx:
                _, loss = model(x, y, return_logits=False)
                loss = loss / grad_accum_steps
                lossf += loss.detach()
            loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        lr = get_lr(step)
        for param_group in optimizer.param_groups:
            param_group['lr'] = lr
        optimizer.step()
        print(f"step {step + 1:4d}/6 | train loss {lossf.item():.4f} | norm {norm:.4f} | lr {lr:.2e}")

    model.eval()
    with torch.no_grad():
        logits, _ = model(x_all[None, :8])
    print("next-token logits:", tuple(logits.shape))

    shard = io.BytesIO()
    write_shard(tokens, shard)
    loader = DistributedDataLoader(shard.getvalue(), B, T, ddp_rank, ddp_world_size)
    x, y = loader.next_batch()
    print("first batch:", tuple(x.shape), x[0, :6].tolist(), torch.equal(x[0, 1:], y[0, :-1]))
