# Real-program corpus (tests/realworld, see README.md): the shape of microsoft/LoRA's loralib and its
# GPT-2 fine-tuning example (microsoft/LoRA @ c4593f06: loralib/layers.py, loralib/utils.py,
# examples/NLG/src/model.py, optimizer.py, gpt2_ft.py). It exercises LoRA layers that subclass the
# built-in nn.Embedding / nn.Linear together with a plain mixin class (LoRALayer.__init__ sets
# `self.lora_dropout = nn.Dropout(p)` on the module), `nn.Embedding.reset_parameters(self)` and
# `nn.Linear.reset_parameters(self)` called through the base class, fan_in_fan_out weights
# transposed through `.data`, MergedLinear's grouped conv1d delta and boolean zero-padding, merging
# into the frozen weight on eval() and back on train(), a ConvLoRA wrapper that re-registers the inner
# conv's parameters, mark_only_lora_as_trainable / lora_state_dict, and the GPT-2 of the NLG example
# (Conv1D through addmm, a tril `bias` buffer, blocks copied with `copy.deepcopy(block)`, tied LM head,
# label-smoothed loss over a mask, deprecated `CrossEntropyLoss(reduce=False)`) trained with AdamW and a
# linear warmup schedule. Changes: tiny sizes, random token data, a few steps, the LoRA checkpoint
# through BytesIO. Written for Kiln, not copied.
import copy
import io
import math
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


# --- loralib/layers.py ----------------------------------------------------------------------------------
class LoRALayer():
    def __init__(self, r: int, lora_alpha: int, lora_dropout: float, merge_weights: bool):
        self.r = r
        self.lora_alpha = lora_alpha
        if lora_dropout > 0.:
            self.lora_dropout = nn.Dropout(p=lora_dropout)
        else:
            self.lora_dropout = lambda x: x
        self.merged = False
        self.merge_weights = merge_weights


class Embedding(nn.Embedding, LoRALayer):
    def __init__(self, num_embeddings, embedding_dim, r=0, lora_alpha=1, merge_weights=True, **kwargs):
        nn.Embedding.__init__(self, num_embeddings, embedding_dim, **kwargs)
        LoRALayer.__init__(self, r=r, lora_alpha=lora_alpha, lora_dropout=0, merge_weights=merge_weights)
        if r > 0:
            self.lora_A = nn.Parameter(self.weight.new_zeros((r, num_embeddings)))
            self.lora_B = nn.Parameter(self.weight.new_zeros((embedding_dim, r)))
            self.scaling = self.lora_alpha / self.r
            self.weight.requires_grad = False
        self.reset_parameters()

    def reset_parameters(self):
        nn.Embedding.reset_parameters(self)
        if hasattr(self, 'lora_A'):
            nn.init.zeros_(self.lora_A)
            nn.init.normal_(self.lora_B)

    def train(self, mode: bool = True):
        nn.Embedding.train(self, mode)
        if mode:
            if self.merge_weights and self.merged:
                if self.r > 0:
                    self.weight.data -= (self.lora_B @ self.lora_A).transpose(0, 1) * self.scaling
                self.merged = False
        else:
            if self.merge_weights and not self.merged:
                if self.r > 0:
                    self.weight.data += (self.lora_B @ self.lora_A).transpose(0, 1) * self.scaling
                self.merged = True

    def forward(self, x):
        if self.r > 0 and not self.merged:
            result = nn.Embedding.forward(self, x)
            after_A = F.embedding(x, self.lora_A.transpose(0, 1), self.padding_idx, self.max_norm,
                                  self.norm_type, self.scale_grad_by_freq, self.sparse)
            result += (after_A @ self.lora_B.transpose(0, 1)) * self.scaling
            return result
        return nn.Embedding.forward(self, x)


class Linear(nn.Linear, LoRALayer):
    def __init__(self, in_features, out_features, r=0, lora_alpha=1, lora_dropout=0., fan_in_fan_out=False,
                 merge_weights=True, **kwargs):
        nn.Linear.__init__(self, in_features, out_features, **kwargs)
        LoRALayer.__init__(self, r=r, lora_alpha=lora_alpha, lora_dropout=lora_dropout, merge_weights=merge_weights)
        self.fan_in_fan_out = fan_in_fan_out
        if r > 0:
            self.lora_A = nn.Parameter(self.weight.new_zeros((r, in_features)))
            self.lora_B = nn.Parameter(self.weight.new_zeros((out_features, r)))
            self.scaling = self.lora_alpha / self.r
            self.weight.requires_grad = False
        self.reset_parameters()
        if fan_in_fan_out:
            self.weight.data = self.weight.data.transpose(0, 1)

    def reset_parameters(self):
        nn.Linear.reset_parameters(self)
        if hasattr(self, 'lora_A'):
            nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
            nn.init.zeros_(self.lora_B)

    def train(self, mode: bool = True):
        def T(w):
            return w.transpose(0, 1) if self.fan_in_fan_out else w
        nn.Linear.train(self, mode)
        if mode:
            if self.merge_weights and self.merged:
                if self.r > 0:
                    self.weight.data -= T(self.lora_B @ self.lora_A) * self.scaling
                self.merged = False
        else:
            if self.merge_weights and not self.merged:
                if self.r > 0:
                    self.weight.data += T(self.lora_B @ self.lora_A) * self.scaling
                self.merged = True

    def forward(self, x):
        def T(w):
            return w.transpose(0, 1) if self.fan_in_fan_out else w
        if self.r > 0 and not self.merged:
            result = F.linear(x, T(self.weight), bias=self.bias)
            result += (self.lora_dropout(x) @ self.lora_A.transpose(0, 1) @ self.lora_B.transpose(0, 1)) * self.scaling
            return result
        return F.linear(x, T(self.weight), bias=self.bias)


class MergedLinear(nn.Linear, LoRALayer):
    def __init__(self, in_features, out_features, r=0, lora_alpha=1, lora_dropout=0., enable_lora: List[bool] = [False],
                 fan_in_fan_out=False, merge_weights=True, **kwargs):
        nn.Linear.__init__(self, in_features, out_features, **kwargs)
        LoRALayer.__init__(self, r=r, lora_alpha=lora_alpha, lora_dropout=lora_dropout, merge_weights=merge_weights)
        assert out_features % len(enable_lora) == 0, 'The length of enable_lora must divide out_features'
        self.enable_lora = enable_lora
        self.fan_in_fan_out = fan_in_fan_out
        if r > 0 and any(enable_lora):
            self.lora_A = nn.Parameter(self.weight.new_zeros((r * sum(enable_lora), in_features)))
            self.lora_B = nn.Parameter(self.weight.new_zeros((out_features // len(enable_lora) * sum(enable_lora), r)))
            self.scaling = self.lora_alpha / self.r
            self.weight.requires_grad = False
            self.lora_ind = self.weight.new_zeros((out_features, ), dtype=torch.bool).view(len(enable_lora), -1)
            self.lora_ind[enable_lora, :] = True
            self.lora_ind = self.lora_ind.view(-1)
        self.reset_parameters()
        if fan_in_fan_out:
            self.weight.data = self.weight.data.transpose(0, 1)

    def reset_parameters(self):
        nn.Linear.reset_parameters(self)
        if hasattr(self, 'lora_A'):
            nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
            nn.init.zeros_(self.lora_B)

    def zero_pad(self, x):
        result = x.new_zeros((len(self.lora_ind), *x.shape[1:]))
        result[self.lora_ind] = x
        return result

    def merge_AB(self):
        def T(w):
            return w.transpose(0, 1) if self.fan_in_fan_out else w
        delta_w = F.conv1d(self.lora_A.unsqueeze(0), self.lora_B.unsqueeze(-1), groups=sum(self.enable_lora)).squeeze(0)
        return T(self.zero_pad(delta_w))

    def train(self, mode: bool = True):
        nn.Linear.train(self, mode)
        if mode:
            if self.merge_weights and self.merged:
                if self.r > 0 and any(self.enable_lora):
                    self.weight.data -= self.merge_AB() * self.scaling
                self.merged = False
        else:
            if self.merge_weights and not self.merged:
                if self.r > 0 and any(self.enable_lora):
                    self.weight.data += self.merge_AB() * self.scaling
                self.merged = True

    def forward(self, x):
        def T(w):
            return w.transpose(0, 1) if self.fan_in_fan_out else w
        if self.merged:
            return F.linear(x, T(self.weight), bias=self.bias)
        result = F.linear(x, T(self.weight), bias=self.bias)
        if self.r > 0:
            result += self.lora_dropout(x) @ T(self.merge_AB().T) * self.scaling
        return result


class ConvLoRA(nn.Module, LoRALayer):
    def __init__(self, conv_module, in_channels, out_channels, kernel_size, r=0, lora_alpha=1, lora_dropout=0.,
                 merge_weights=True, **kwargs):
        super(ConvLoRA, self).__init__()
        self.conv = conv_module(in_channels, out_channels, kernel_size, **kwargs)
        for name, param in self.conv.named_parameters():
            self.register_parameter(name, param)
        LoRALayer.__init__(self, r=r, lora_alpha=lora_alpha, lora_dropout=lora_dropout, merge_weights=merge_weights)
        if r > 0:
            self.lora_A = nn.Parameter(self.conv.weight.new_zeros((r * kernel_size, in_channels * kernel_size)))
            self.lora_B = nn.Parameter(
                self.conv.weight.new_zeros((out_channels // self.conv.groups * kernel_size, r * kernel_size)))
            self.scaling = self.lora_alpha / self.r
            self.conv.weight.requires_grad = False
        self.reset_parameters()
        self.merged = False

    def reset_parameters(self):
        self.conv.reset_parameters()
        if hasattr(self, 'lora_A'):
            nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
            nn.init.zeros_(self.lora_B)

    def train(self, mode=True):
        super(ConvLoRA, self).train(mode)
        if mode:
            if self.merge_weights and self.merged:
                if self.r > 0:
                    self.conv.weight.data -= (self.lora_B @ self.lora_A).view(self.conv.weight.shape) * self.scaling
                self.merged = False
        else:
            if self.merge_weights and not self.merged:
                if self.r > 0:
                    self.conv.weight.data += (self.lora_B @ self.lora_A).view(self.conv.weight.shape) * self.scaling
                self.merged = True

    def forward(self, x):
        if self.r > 0 and not self.merged:
            return self.conv._conv_forward(
                x, self.conv.weight + (self.lora_B @ self.lora_A).view(self.conv.weight.shape) * self.scaling,
                self.conv.bias)
        return self.conv(x)


class Conv2d(ConvLoRA):
    def __init__(self, *args, **kwargs):
        super(Conv2d, self).__init__(nn.Conv2d, *args, **kwargs)


# --- loralib/utils.py -----------------------------------------------------------------------------------
def mark_only_lora_as_trainable(model: nn.Module, bias: str = 'none') -> None:
    for n, p in model.named_parameters():
        if 'lora_' not in n:
            p.requires_grad = False
    if bias == 'none':
        return
    elif bias == 'all':
        for n, p in model.named_parameters():
            if 'bias' in n:
                p.requires_grad = True
    elif bias == 'lora_only':
        for m in model.modules():
            if isinstance(m, LoRALayer) and hasattr(m, 'bias') and m.bias is not None:
                m.bias.requires_grad = True
    else:
        raise NotImplementedError


def lora_state_dict(model: nn.Module, bias: str = 'none'):
    my_state_dict = model.state_dict()
    if bias == 'none':
        return {k: my_state_dict[k] for k in my_state_dict if 'lora_' in k}
    to_return = {}
    for k in my_state_dict:
        if 'lora_' in k:
            to_return[k] = my_state_dict[k]
            bias_name = k.split('lora_')[0] + 'bias'
            if bias_name in my_state_dict:
                to_return[bias_name] = my_state_dict[bias_name]
    return to_return


# --- the README usage: merged on eval, unmerged on train ---------------------------------------------------
class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = Embedding(20, 8, r=2, lora_alpha=4)
        self.fc = Linear(8, 8, r=2, lora_alpha=4, fan_in_fan_out=True)
        self.qkv = MergedLinear(8, 24, r=2, lora_alpha=4, enable_lora=[True, False, True])
        self.conv = Conv2d(2, 3, 3, r=1, lora_alpha=2, padding=1)

    def forward(self, ids, img):
        h = self.fc(self.emb(ids))
        q, k, v = self.qkv(h).chunk(3, dim=-1)
        return (q * v).sum(-1).mean() + k.mean() + self.conv(img).mean()


tiny = Tiny()
mark_only_lora_as_trainable(tiny, bias='lora_only')
print([n for n, p in tiny.named_parameters() if p.requires_grad])
opt = torch.optim.SGD([p for p in tiny.parameters() if p.requires_grad], lr=0.01)
ids, img = torch.randint(0, 20, (2, 5)), torch.randn(2, 2, 4, 4)
for _ in range(3):
    loss = tiny(ids, img)
    opt.zero_grad()
    loss.backward()
    opt.step()
train_out = tiny(ids, img)
w_before = tiny.fc.weight.clone()
tiny.eval()
merged_out = tiny(ids, img)
print(f"unmerged {train_out.item():.4f} merged {merged_out.item():.4f}", torch.allclose(train_out, merged_out, rtol=1e-4),
      tiny.emb.merged, tiny.fc.merged, tiny.qkv.merged, tiny.conv.merged, torch.equal(w_before, tiny.fc.weight))
tiny.train()
print("unmerged again:", torch.allclose(tiny(ids, img), train_out, rtol=1e-4), tiny.fc.merged,
      torch.allclose(w_before, tiny.fc.weight, atol=1e-6))
print(sorted(lora_state_dict(tiny, bias='lora_only')))


# --- examples/NLG/src/model.py (GPT-2 with LoRA on c_attn) ------------------------------------------------
def gelu(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * torch.pow(x, 3))))


class LayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-12):
        super(LayerNorm, self).__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.bias = nn.Parameter(torch.zeros(hidden_size))
        self.variance_epsilon = eps

    def forward(self, x):
        u = x.mean(-1, keepdim=True)
        s = (x - u).pow(2).mean(-1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.variance_epsilon)
        return self.weight * x + self.bias


class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super(Conv1D, self).__init__()
        self.nf = nf
        w = torch.empty(nx, nf)
        nn.init.normal_(w, std=0.02)
        self.weight = nn.Parameter(w)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(*size_out)


class Config:
    vocab_size, n_positions, n_ctx, n_embd, n_layer, n_head = 40, 16, 16, 16, 2, 2
    layer_norm_epsilon, lora_attn_dim, lora_attn_alpha, lora_dropout = 1e-5, 4, 16, 0.1


class Attention(nn.Module):
    def __init__(self, nx, n_ctx, config, scale=False):
        super(Attention, self).__init__()
        n_state = nx
        self.register_buffer("bias", torch.tril(torch.ones(n_ctx, n_ctx)).view(1, 1, n_ctx, n_ctx))
        self.n_head, self.split_size, self.scale = config.n_head, n_state, scale
        self.c_attn = MergedLinear(nx, n_state * 3, r=config.lora_attn_dim, lora_alpha=config.lora_attn_alpha,
                                   lora_dropout=config.lora_dropout, enable_lora=[True, False, True],
                                   fan_in_fan_out=True, merge_weights=False)
        self.c_proj = Conv1D(n_state, nx)

    def _attn(self, q, k, v):
        w = torch.matmul(q, k)
        if self.scale:
            w = w / math.sqrt(v.size(-1))
        nd, ns = w.size(-2), w.size(-1)
        b = self.bias[:, :, ns - nd:ns, :ns]
        w = w * b - 1e10 * (1 - b)
        w = nn.Softmax(dim=-1)(w)
        return torch.matmul(w, v)

    def merge_heads(self, x):
        x = x.permute(0, 2, 1, 3).contiguous()
        return x.view(*(x.size()[:-2] + (x.size(-2) * x.size(-1),)))

    def split_heads(self, x, k=False):
        x = x.view(*(x.size()[:-1] + (self.n_head, x.size(-1) // self.n_head)))
        return x.permute(0, 2, 3, 1).contiguous() if k else x.permute(0, 2, 1, 3).contiguous()

    def forward(self, x):
        x = self.c_attn(x)
        query, key, value = x.split(self.split_size, dim=2)
        a = self._attn(self.split_heads(query), self.split_heads(key, k=True), self.split_heads(value))
        return self.c_proj(self.merge_heads(a))


class MLP(nn.Module):
    def __init__(self, n_state, config):
        super(MLP, self).__init__()
        self.c_fc = Conv1D(n_state, config.n_embd)
        self.c_proj = Conv1D(config.n_embd, n_state)
        self.act = gelu

    def forward(self, x):
        return self.c_proj(self.act(self.c_fc(x)))


class Block(nn.Module):
    def __init__(self, n_ctx, config, scale=False):
        super(Block, self).__init__()
        nx = config.n_embd
        self.ln_1 = LayerNorm(nx, eps=config.layer_norm_epsilon)
        self.attn = Attention(nx, n_ctx, config, scale)
        self.ln_2 = LayerNorm(nx, eps=config.layer_norm_epsilon)
        self.mlp = MLP(4 * nx, config)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT2LMModel(nn.Module):
    def __init__(self, config):
        super(GPT2LMModel, self).__init__()
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.wpe = nn.Embedding(config.n_positions, config.n_embd)
        block = Block(config.n_ctx, config, scale=True)
        self.h = nn.ModuleList([copy.deepcopy(block) for _ in range(config.n_layer)])
        self.ln_f = LayerNorm(config.n_embd, eps=config.layer_norm_epsilon)
        self.decoder = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.decoder.weight = self.wte.weight  # tied
        self.apply(self._init_weights)

    def _init_weights(self, module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            module.weight.data.normal_(mean=0.0, std=0.02)
        if isinstance(module, nn.Linear) and module.bias is not None:
            module.bias.data.zero_()

    def forward(self, input_ids, lm_labels, lm_mask, label_smooth=0.0):
        _batch, _len = input_ids.shape
        pos = torch.arange(0, _len, dtype=torch.long).unsqueeze(0).expand_as(input_ids)
        h = self.wte(input_ids) + self.wpe(pos)
        for block in self.h:
            h = block(h)
        lm_logits = self.decoder(self.ln_f(h))
        if label_smooth > 0.0001:
            logprobs = F.log_softmax(lm_logits.view(-1, lm_logits.size(-1)), dim=-1)
            nll_loss = -logprobs.gather(dim=-1, index=lm_labels.view(-1).unsqueeze(1)).squeeze(1)
            smooth_loss = -logprobs.mean(dim=-1)
            loss = ((1.0 - label_smooth) * nll_loss + label_smooth * smooth_loss).view(_batch, _len)
        else:
            loss_fct = nn.CrossEntropyLoss(ignore_index=-1, reduce=False)
            loss = loss_fct(lm_logits.view(-1, lm_logits.size(-1)), lm_labels.view(-1)).view(_batch, _len)
        loss = loss * lm_mask
        return lm_logits, loss.sum() / (lm_mask.sum() + 0.0001)


def get_linear_schedule_with_warmup(optimizer, num_warmup_steps, num_training_steps, last_epoch=-1):
    def lr_lambda(current_step):
        if current_step < num_warmup_steps:
            return float(current_step) / float(max(1, num_warmup_steps))
        return max(0.0, float(num_training_steps - current_step) / float(max(1, num_training_steps - num_warmup_steps)))
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda, last_epoch)


config = Config()
lm_net = GPT2LMModel(config)
print("c_attn children:", list(lm_net.h[1].attn.c_attn._modules), lm_net.h[0].attn.c_attn.lora_dropout,
      lm_net.h[0].attn.c_attn is not lm_net.h[1].attn.c_attn)
mark_only_lora_as_trainable(lm_net)
trainable = [n for n, p in lm_net.named_parameters() if p.requires_grad]
print(len(trainable), trainable[:2], sum(p.numel() for p in lm_net.parameters() if p.requires_grad))
no_decay = ["bias", "layer_norm.weight"]
grouped = [
    {"params": [p for n, p in lm_net.named_parameters() if p.requires_grad and not any(nd in n for nd in no_decay)],
     "weight_decay": 0.01},
    {"params": [p for n, p in lm_net.named_parameters() if p.requires_grad and any(nd in n for nd in no_decay)],
     "weight_decay": 0.0},
]
optimizer = torch.optim.AdamW(grouped, lr=2e-3, betas=(0.9, 0.999), eps=1e-6)
scheduler = get_linear_schedule_with_warmup(optimizer, 2, 8)
data = torch.randint(0, config.vocab_size, (4, 12))
mask = torch.ones(4, 11)
mask[:, :4] = 0.0  # context tokens are not predicted
for step in range(8):
    lm_net.train()
    _, loss = lm_net(data[:, :-1].contiguous(), data[:, 1:].contiguous(), mask, label_smooth=0.1 if step % 2 == 0 else 0.0)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(lm_net.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad()
    scheduler.step()
    print(f"step {step} loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.6f}")

lm_net.eval()
with torch.no_grad():
    _, eval_loss = lm_net(data[:, :-1].contiguous(), data[:, 1:].contiguous(), mask)
print(f"eval loss {eval_loss.item():.4f}")
buf = io.BytesIO()
torch.save(lora_state_dict(lm_net), buf)
buf.seek(0)
fresh = GPT2LMModel(config)
result = fresh.load_state_dict(torch.load(buf), strict=False)
print(len(result.missing_keys), result.unexpected_keys)
print(torch.equal(fresh.h[0].attn.c_attn.lora_A, lm_net.h[0].attn.c_attn.lora_A))
