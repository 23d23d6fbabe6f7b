# nanoGPT's GPT (karpathy/nanoGPT model.py, written the way that file writes it: LayerNorm with optional
# bias through F.layer_norm, one c_attn projection split into q, k, v, F.scaled_dot_product_attention
# with is_causal=True, GELU MLP, pre-norm blocks, tied token embedding / lm_head, GPT-2 init), timed
# as nanoGPT's sample.py runs it (model(idx): logits of the last position only) and as its train.py
# trains it (model(X, Y) -> cross-entropy loss, backward, clip_grad_norm_(1.0), AdamW with the
# decay/no-decay groups of configure_optimizers, zero_grad(set_to_none=True)); compiled as train.py
# compiles it: torch.compile(model).
#
# Sizes: config/train_shakespeare_char.py on the GPU (6 layers, 6 heads, 384 wide, block 256, batch
# 64, vocab 65); on the CPU the configuration nanoGPT's README gives for CPU runs (4 layers, 4 heads,
# 128 wide, block 64, batch 12); --small: 2 layers, 2 heads, 64 wide, block 32, batch 4. Dropout:
# shakespeare_char trains with 0.2; here 0.0 everywhere (nanoGPT's default) so that compiled and eager
# losses can be compared step for step.
#
#   kiln gpt.py [--small] [--threads N] [--device cpu|cuda]  /  python3 gpt.py ...   (see common.py)
import math
import sys

import torch
import torch.nn as nn
from torch.nn import functional as F

import common


class LayerNorm(nn.Module):
    """ LayerNorm but with an optional bias. PyTorch doesn't support simply bias=False """

    def __init__(self, ndim, bias):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(ndim))
        self.bias = nn.Parameter(torch.zeros(ndim)) if bias else None

    def forward(self, input):
        return F.layer_norm(input, self.weight.shape, self.weight, self.bias, 1e-5)


class CausalSelfAttention(nn.Module):

    def __init__(self, config):
        super().__init__()
        assert config.n_embd % config.n_head == 0
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd, bias=config.bias)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, bias=config.bias)
        self.attn_dropout = nn.Dropout(config.dropout)
        self.resid_dropout = nn.Dropout(config.dropout)
        self.n_head = config.n_head
        self.n_embd = config.n_embd
        self.dropout = config.dropout

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=None,
                                                             dropout_p=self.dropout if self.training else 0,
                                                             is_causal=True)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        y = self.resid_dropout(self.c_proj(y))
        return y


class MLP(nn.Module):

    def __init__(self, config):
        super().__init__()
        self.c_fc = nn.Linear(config.n_embd, 4 * config.n_embd, bias=config.bias)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * config.n_embd, config.n_embd, bias=config.bias)
        self.dropout = nn.Dropout(config.dropout)

    def forward(self, x):
        x = self.c_fc(x)
        x = self.gelu(x)
        x = self.c_proj(x)
        x = self.dropout(x)
        return x


class Block(nn.Module):

    def __init__(self, config):
        super().__init__()
        self.ln_1 = LayerNorm(config.n_embd, bias=config.bias)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = LayerNorm(config.n_embd, bias=config.bias)
        self.mlp = MLP(config)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x


class GPTConfig:
    def __init__(self, block_size=1024, vocab_size=50304, n_layer=12, n_head=12, n_embd=768, dropout=0.0,
                 bias=True):
        self.block_size = block_size
        self.vocab_size = vocab_size
        self.n_layer = n_layer
        self.n_head = n_head
        self.n_embd = n_embd
        self.dropout = dropout
        self.bias = bias


class GPT(nn.Module):

    def __init__(self, config):
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(config.vocab_size, config.n_embd),
            wpe=nn.Embedding(config.block_size, config.n_embd),
            drop=nn.Dropout(config.dropout),
            h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            ln_f=LayerNorm(config.n_embd, bias=config.bias),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight  # weight tying
        self.apply(self._init_weights)
        for pn, p in self.named_parameters():
            if pn.endswith('c_proj.weight'):
                torch.nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * config.n_layer))

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if module.bias is not None:
                torch.nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)

    def forward(self, idx, targets=None):
        device = idx.device
        b, t = idx.size()
        assert t <= self.config.block_size, f"Cannot forward sequence of length {t}, block size is only {self.config.block_size}"
        pos = torch.arange(0, t, dtype=torch.long, device=device)
        tok_emb = self.transformer.wte(idx)
        pos_emb = self.transformer.wpe(pos)
        x = self.transformer.drop(tok_emb + pos_emb)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        if targets is not None:
            logits = self.lm_head(x)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        else:
            logits = self.lm_head(x[:, [-1], :])
            loss = None
        return logits, loss

    def configure_optimizers(self, weight_decay, learning_rate, betas, device_type):
        param_dict = {pn: p for pn, p in self.named_parameters()}
        param_dict = {pn: p for pn, p in param_dict.items() if p.requires_grad}
        decay_params = [p for n, p in param_dict.items() if p.dim() >= 2]
        nodecay_params = [p for n, p in param_dict.items() if p.dim() < 2]
        optim_groups = [
            {'params': decay_params, 'weight_decay': weight_decay},
            {'params': nodecay_params, 'weight_decay': 0.0}
        ]
        return torch.optim.AdamW(optim_groups, lr=learning_rate, betas=betas)


def sizes(opts):
    # (n_layer, n_head, n_embd, block_size, batch)
    if opts["small"]:
        return 2, 2, 64, 32, 4
    if opts["device"] == "cuda":
        return 6, 6, 384, 256, 64
    return 4, 4, 128, 64, 12


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    n_layer, n_head, n_embd, block, batch = sizes(opts)
    config = GPTConfig(block_size=block, vocab_size=65, n_layer=n_layer, n_head=n_head, n_embd=n_embd,
                       dropout=0.0, bias=False)
    label = "L%dH%dC%d_T%d_b%d" % (n_layer, n_head, n_embd, block, batch)
    torch.manual_seed(1337)
    X = torch.randint(65, (batch, block)).to(dev)
    Y = torch.randint(65, (batch, block)).to(dev)
    # attention FLOPs per forward (q k^T and p v over the full T x T square; the causal half is not
    # subtracted, as FLOP counters for attention usually count it)
    attn = 2 * 2 * batch * block * block * n_embd * n_layer

    def make_forward():
        torch.manual_seed(0)
        model = GPT(config).to(dev)
        model.eval()
        return model, (X,)

    def make_train(compiled, mode):
        torch.manual_seed(0)
        model = GPT(config).to(dev)
        optimizer = model.configure_optimizers(0.1, 1e-3, (0.9, 0.99), dev)
        f = torch.compile(model, mode=mode) if compiled else model

        def step():
            logits, loss = f(X, Y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            return loss.detach()

        return step, model, lambda: model(X, Y)

    common.guarded(opts, "gpt", "forward", lambda: common.run_forward(opts, "gpt", "forward_" + label, make_forward, attn))
    common.guarded(opts, "gpt", "train", lambda: common.run_train(opts, "gpt", "train_adamw_" + label, make_train, True,
                                                                  attn))


if __name__ == "__main__":  # native/bench/threads/ops.py imports the model
    main()
