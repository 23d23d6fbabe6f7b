# Self-distillation training in the shape of facebookresearch/dinov2 @ b8931f7b (dinov2/layers/*,
# models/vision_transformer.py, loss/{dino_clstoken,ibot_patch,koleo}_loss.py, train/ssl_meta_arch.py,
# utils/utils.py CosineScheduler), written for Kiln at toy size. Exercises: a ViT with register tokens,
# LayerScale, stochastic depth (DropPath), a SwiGLU feed-forward, masked patch tokens replaced by a
# learned mask token through torch.where, bicubic interpolation of the position embeddings for another
# input size (antialias, scale_factor), get_intermediate_layers with reshape, a DINO head with a
# weight-normalised last layer (torch.nn.utils.weight_norm and its FutureWarning), teacher centering
# with a momentum buffer and Sinkhorn-Knopp normalisation, the iBOT masked patch loss, the KoLeo
# regulariser (diagonal filled through a strided view, PairwiseDistance), NumPy cosine schedules
# with warmup, and the EMA teacher update through torch._foreach_mul_ / torch._foreach_add_.
import math
import warnings
from functools import partial

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class CosineScheduler:
    def __init__(self, base_value, final_value, total_iters, warmup_iters=0, start_warmup_value=0.0):
        self.final_value = final_value
        self.total_iters = total_iters
        warmup = np.linspace(start_warmup_value, base_value, warmup_iters)
        iters = np.arange(total_iters - warmup_iters)
        cosine = final_value + 0.5 * (base_value - final_value) * (1 + np.cos(np.pi * iters / len(iters)))
        self.schedule = np.concatenate((warmup, cosine))

    def __getitem__(self, it):
        return self.final_value if it >= self.total_iters else self.schedule[it]


def drop_path(x, drop_prob=0.0, training=False):
    if drop_prob == 0.0 or not training:
        return x
    keep = 1 - drop_prob
    mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep)
    if keep > 0.0:
        mask.div_(keep)
    return x * mask


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5):
        super().__init__()
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x * self.gamma


class SwiGLUFFN(nn.Module):
    def __init__(self, in_features, hidden_features):
        super().__init__()
        self.w12 = nn.Linear(in_features, 2 * hidden_features)
        self.w3 = nn.Linear(hidden_features, in_features)

    def forward(self, x):
        x1, x2 = self.w12(x).chunk(2, dim=-1)
        return self.w3(F.silu(x1) * x2)


class Attention(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0] * self.scale, qkv[1], qkv[2]
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        return self.proj((attn @ v).transpose(1, 2).reshape(B, N, C))


class Block(nn.Module):
    def __init__(self, dim, num_heads, ffn_layer, drop_path_rate, init_values):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = Attention(dim, num_heads)
        self.ls1 = LayerScale(dim, init_values)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp = ffn_layer(dim, 4 * dim if ffn_layer is not SwiGLUFFN else int(4 * dim * 2 / 3))
        self.ls2 = LayerScale(dim, init_values)
        self.drop_path = DropPath(drop_path_rate) if drop_path_rate > 0 else nn.Identity()

    def forward(self, x):
        x = x + self.drop_path(self.ls1(self.attn(self.norm1(x))))
        return x + self.drop_path(self.ls2(self.mlp(self.norm2(x))))


class Mlp(nn.Module):
    def __init__(self, in_features, hidden_features):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden_features)
        self.fc2 = nn.Linear(hidden_features, in_features)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class VisionTransformer(nn.Module):
    def __init__(self, img_size=16, patch_size=4, embed_dim=32, depth=2, num_heads=2, ffn_layer=Mlp,
                 num_register_tokens=2, drop_path_rate=0.1, init_values=0.5):
        super().__init__()
        self.patch_size = patch_size
        self.num_register_tokens = num_register_tokens
        self.patch_embed = nn.Conv2d(3, embed_dim, kernel_size=patch_size, stride=patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, num_patches + 1, embed_dim))
        self.register_tokens = nn.Parameter(torch.zeros(1, num_register_tokens, embed_dim))
        self.mask_token = nn.Parameter(torch.zeros(1, embed_dim))
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.ModuleList([Block(embed_dim, num_heads, ffn_layer, dpr[i], init_values) for i in range(depth)])
        self.norm = nn.LayerNorm(embed_dim, eps=1e-6)
        nn.init.trunc_normal_(self.pos_embed, std=0.02)
        nn.init.normal_(self.cls_token, std=1e-6)
        nn.init.normal_(self.register_tokens, std=1e-6)

    def interpolate_pos_encoding(self, x, w, h):
        npatch = x.shape[1] - 1
        N = self.pos_embed.shape[1] - 1
        if npatch == N and w == h:
            return self.pos_embed
        class_pos, patch_pos = self.pos_embed[:, :1], self.pos_embed[:, 1:]
        M = int(math.sqrt(N))
        w0, h0 = w // self.patch_size, h // self.patch_size
        patch_pos = F.interpolate(patch_pos.reshape(1, M, M, -1).permute(0, 3, 1, 2),
                                  scale_factor=((w0 + 0.1) / M, (h0 + 0.1) / M), mode="bicubic", antialias=True)
        patch_pos = patch_pos.permute(0, 2, 3, 1).view(1, -1, patch_pos.shape[1])
        return torch.cat((class_pos, patch_pos), dim=1)

    def prepare_tokens(self, x, masks=None):
        B, _, w, h = x.shape
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        if masks is not None:
            x = torch.where(masks.unsqueeze(-1), self.mask_token.to(x.dtype).unsqueeze(0), x)
        x = torch.cat((self.cls_token.expand(x.shape[0], -1, -1), x), dim=1)
        x = x + self.interpolate_pos_encoding(x, w, h)
        return torch.cat((x[:, :1], self.register_tokens.expand(x.shape[0], -1, -1), x[:, 1:]), dim=1)

    def forward_features(self, x, masks=None):
        x = self.prepare_tokens(x, masks)
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        r = self.num_register_tokens
        return {"x_norm_clstoken": x[:, 0], "x_norm_regtokens": x[:, 1:r + 1], "x_norm_patchtokens": x[:, r + 1:], "masks": masks}

    def get_intermediate_layers(self, x, n=1):
        x = self.prepare_tokens(x)
        outputs = []
        for i, blk in enumerate(self.blocks):
            x = blk(x)
            if i >= len(self.blocks) - n:
                outputs.append(self.norm(x))
        B, _, w, h = (x.shape[0], 0, 0, 0)
        side = int(math.sqrt(outputs[0].shape[1] - 1 - self.num_register_tokens))
        return [(o[:, 1 + self.num_register_tokens:].reshape(o.shape[0], side, side, -1).permute(0, 3, 1, 2).contiguous(), o[:, 0])
                for o in outputs]


class DINOHead(nn.Module):
    def __init__(self, in_dim, out_dim, hidden_dim=24, bottleneck_dim=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.GELU(), nn.Linear(hidden_dim, bottleneck_dim))
        self.last_layer = nn.utils.weight_norm(nn.Linear(bottleneck_dim, out_dim, bias=False))
        self.last_layer.weight_g.data.fill_(1)

    def forward(self, x):
        x = F.normalize(self.mlp(x), dim=-1, p=2, eps=1e-6)
        return self.last_layer(x)


class DINOLoss(nn.Module):
    def __init__(self, out_dim, student_temp=0.1, center_momentum=0.9):
        super().__init__()
        self.student_temp = student_temp
        self.center_momentum = center_momentum
        self.register_buffer("center", torch.zeros(1, out_dim))

    @torch.no_grad()
    def softmax_center_teacher(self, teacher_output, teacher_temp):
        return F.softmax((teacher_output - self.center) / teacher_temp, dim=-1)

    @torch.no_grad()
    def sinkhorn_knopp_teacher(self, teacher_output, teacher_temp, n_iterations=3):
        Q = torch.exp(teacher_output.float() / teacher_temp).t()
        B, K = Q.shape[1], Q.shape[0]
        Q /= torch.sum(Q)
        for _ in range(n_iterations):
            Q /= torch.sum(Q, dim=1, keepdim=True)
            Q /= K
            Q /= torch.sum(Q, dim=0, keepdim=True)
            Q /= B
        Q *= B
        return Q.t()

    def forward(self, student_outputs, teacher_outputs):
        total = 0
        for s in student_outputs:
            lsm = F.log_softmax(s / self.student_temp, dim=-1)
            for t in teacher_outputs:
                total -= torch.sum(t * lsm, dim=-1).mean()
        return total

    @torch.no_grad()
    def update_center(self, teacher_output):
        batch_center = torch.sum(teacher_output, dim=0, keepdim=True) / len(teacher_output)
        self.center = self.center * self.center_momentum + batch_center * (1 - self.center_momentum)


def ibot_patch_loss(student_patch, teacher_patch, masks, student_temp=0.1):
    loss = torch.sum(teacher_patch * F.log_softmax(student_patch / student_temp, dim=-1), dim=-1)
    loss = torch.sum(loss * masks.float(), dim=-1) / masks.sum(dim=-1).clamp(min=1.0)
    return -loss.mean()


class KoLeoLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.pdist = nn.PairwiseDistance(2, eps=1e-8)

    def forward(self, x, eps=1e-8):
        x = F.normalize(x, eps=eps, p=2, dim=-1)
        dots = torch.mm(x, x.t())
        n = x.shape[0]
        dots.view(-1)[:: (n + 1)].fill_(-1)  # the diagonal through a strided view
        _, nn_idx = torch.max(dots, dim=1)
        return -torch.log(self.pdist(x, x[nn_idx]) + eps).mean()


def main():
    torch.manual_seed(0)
    np.random.seed(0)
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        student = nn.ModuleDict({"backbone": VisionTransformer(ffn_layer=SwiGLUFFN), "head": DINOHead(32, 16)})
        print("weight_norm warnings:", [w.category.__name__ for w in ws])
    teacher = nn.ModuleDict({"backbone": VisionTransformer(ffn_layer=SwiGLUFFN), "head": DINOHead(32, 16)})
    teacher.load_state_dict(student.state_dict())
    for p in teacher.parameters():
        p.requires_grad = False
    print("student parameters:", sum(p.numel() for p in student.parameters()), "trainable teacher:",
          sum(p.numel() for p in teacher.parameters() if p.requires_grad))
    print("head params:", sorted(n for n, _ in student["head"].named_parameters()))

    steps = 4
    lr_sched = CosineScheduler(1e-3, 1e-5, steps, warmup_iters=1)
    momentum_sched = CosineScheduler(0.9, 1.0, steps)
    teacher_temp = CosineScheduler(0.04, 0.07, steps, warmup_iters=2, start_warmup_value=0.04)
    print("schedules", [f"{lr_sched[i]:.6f}" for i in range(steps + 1)], [f"{momentum_sched[i]:.4f}" for i in range(steps)])
    opt = torch.optim.AdamW(student.parameters(), lr=1e-3, weight_decay=0.04)
    dino_loss, koleo = DINOLoss(16), KoLeoLoss()
    data = torch.randn(8, 3, 16, 16)
    for it in range(steps):
        for g in opt.param_groups:
            g["lr"] = lr_sched[it]
        crops = data[(it % 2) * 4:(it % 2) * 4 + 4]
        masks = torch.rand(4, 16) < 0.3
        with torch.no_grad():
            t_out = teacher["backbone"].forward_features(crops)
            t_cls = teacher["head"](t_out["x_norm_clstoken"])
            t_centered = dino_loss.softmax_center_teacher(t_cls, teacher_temp[it])
            t_sk = dino_loss.sinkhorn_knopp_teacher(t_cls, teacher_temp[it])
            t_patch = F.softmax(teacher["head"](t_out["x_norm_patchtokens"]) / teacher_temp[it], dim=-1)
            dino_loss.update_center(t_cls)
        s_out = student["backbone"].forward_features(crops, masks=masks)
        l_dino = dino_loss([student["head"](s_out["x_norm_clstoken"])], [t_centered, t_sk]) / 2
        l_ibot = ibot_patch_loss(student["head"](s_out["x_norm_patchtokens"]), t_patch, masks)
        l_koleo = koleo(s_out["x_norm_clstoken"])
        loss = l_dino + l_ibot + 0.1 * l_koleo
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(student.parameters(), 3.0)
        opt.step()
        with torch.no_grad():
            m = momentum_sched[it]
            student_params = [p for p in student.parameters()]
            teacher_params = [p for p in teacher.parameters()]
            torch._foreach_mul_(teacher_params, m)
            torch._foreach_add_(teacher_params, student_params, alpha=1 - m)
        print(f"it {it} lr {lr_sched[it]:.6f} dino {l_dino.item():.4f} ibot {l_ibot.item():.4f} koleo {l_koleo.item():.4f} "
              f"grad {grad_norm.item():.2f} center {dino_loss.center.abs().sum().item():.4f}")
    drift = sum((a - b).abs().sum().item() for a, b in zip(student.parameters(), teacher.parameters()))
    print(f"student-teacher drift {drift:.2f}")

    backbone = teacher["backbone"].eval()
    with torch.no_grad():
        big = backbone.forward_features(torch.randn(2, 3, 24, 20))
        layers = backbone.get_intermediate_layers(torch.randn(2, 3, 16, 16), n=2)
    print("other size:", tuple(big["x_norm_patchtokens"].shape), tuple(big["x_norm_regtokens"].shape))
    print("intermediate:", [(tuple(f.shape), tuple(c.shape)) for f, c in layers])


if __name__ == "__main__":
    main()
