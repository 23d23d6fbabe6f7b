# A small Vision Transformer for 32x32 CIFAR images, built the way omihub777/ViT-CIFAR builds its `ViT`
# (vit.py + layers.py there: the image cut into an 8x8 grid of 4x4 patches with Tensor.unfold twice and
# permute(...).contiguous().view, one nn.Linear patch embedding, a learned class token concatenated
# in front (repeat over the batch + torch.cat) and a learned position embedding added; pre-norm
# encoder blocks whose attention projects q, k, v with three nn.Linear layers, splits heads with
# view + transpose, scores with torch.einsum("bhif, bhjf->bhij") / sqrt(feats), F.softmax, mixes with
# torch.einsum("bhij, bhjf->bihf") and flattens; an MLP of Linear, GELU, Dropout, Linear, GELU,
# Dropout; a LayerNorm + Linear head on the class token). The repository's README hyperparameters:
# 7 layers, hidden 384, MLP hidden 384, 12 heads, dropout 0, batch 128, Adam (lr 1e-3, betas (0.9,
# 0.999), weight decay 5e-5), cross-entropy with label smoothing 0.1. Timed: inference (eval, no_grad)
# and that training step; compiled as torch.compile(model).
#
# Sizes: batch 128 on the GPU, 16 on the CPU; --small: 2 layers, 64 wide, 4 heads, batch 4.
#   kiln vit.py [--small] [--threads N] [--device cpu|cuda]  /  python3 vit.py ...   (see common.py)
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

import common


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, feats, head=8, dropout=0.0):
        super(MultiHeadSelfAttention, self).__init__()
        self.head = head
        self.feats = feats
        self.sqrt_d = self.feats ** 0.5
        self.q = nn.Linear(feats, feats)
        self.k = nn.Linear(feats, feats)
        self.v = nn.Linear(feats, feats)
        self.o = nn.Linear(feats, feats)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        b, n, f = x.size()
        q = self.q(x).view(b, n, self.head, self.feats // self.head).transpose(1, 2)
        k = self.k(x).view(b, n, self.head, self.feats // self.head).transpose(1, 2)
        v = self.v(x).view(b, n, self.head, self.feats // self.head).transpose(1, 2)
        score = F.softmax(torch.einsum("bhif, bhjf->bhij", q, k) / self.sqrt_d, dim=-1)
        attn = torch.einsum("bhij, bhjf->bihf", score, v)
        return self.dropout(self.o(attn.flatten(2)))


class TransformerEncoder(nn.Module):
    def __init__(self, feats, mlp_hidden, head=8, dropout=0.0):
        super(TransformerEncoder, self).__init__()
        self.la1 = nn.LayerNorm(feats)
        self.msa = MultiHeadSelfAttention(feats, head=head, dropout=dropout)
        self.la2 = nn.LayerNorm(feats)
        self.mlp = nn.Sequential(
            nn.Linear(feats, mlp_hidden),
            nn.GELU(),
            nn.Dropout(dropout),
            nn.Linear(mlp_hidden, feats),
            nn.GELU(),
            nn.Dropout(dropout),
        )

    def forward(self, x):
        out = self.msa(self.la1(x)) + x
        out = self.mlp(self.la2(out)) + out
        return out


class ViT(nn.Module):
    def __init__(self, in_c=3, num_classes=10, img_size=32, patch=8, dropout=0.0, num_layers=7, hidden=384,
                 mlp_hidden=384 * 4, head=8, is_cls_token=True):
        super(ViT, self).__init__()
        self.patch = patch  # patches per row (and per column)
        self.is_cls_token = is_cls_token
        self.patch_size = img_size // self.patch
        f = (img_size // self.patch) ** 2 * 3  # one patch's length
        num_tokens = (self.patch ** 2) + 1 if self.is_cls_token else (self.patch ** 2)
        self.emb = nn.Linear(f, hidden)
        self.cls_token = nn.Parameter(torch.randn(1, 1, hidden)) if is_cls_token else None
        self.pos_emb = nn.Parameter(torch.randn(1, num_tokens, hidden))
        enc_list = [TransformerEncoder(hidden, mlp_hidden=mlp_hidden, dropout=dropout, head=head)
                    for _ in range(num_layers)]
        self.enc = nn.Sequential(*enc_list)
        self.fc = nn.Sequential(
            nn.LayerNorm(hidden),
            nn.Linear(hidden, num_classes),
        )

    def forward(self, x):
        out = self._to_words(x)
        out = self.emb(out)
        if self.is_cls_token:
            out = torch.cat([self.cls_token.repeat(out.size(0), 1, 1), out], dim=1)
        out = out + self.pos_emb
        out = self.enc(out)
        if self.is_cls_token:
            out = out[:, 0]
        else:
            out = out.mean(1)
        out = self.fc(out)
        return out

    def _to_words(self, x):
        # (b, c, h, w) -> (b, n, f)
        out = x.unfold(2, self.patch_size, self.patch_size).unfold(3, self.patch_size, self.patch_size)
        out = out.permute(0, 2, 3, 4, 5, 1).contiguous()
        out = out.view(x.size(0), self.patch ** 2, -1)
        return out


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    if opts["small"]:
        cfg, batch = dict(num_layers=2, hidden=64, mlp_hidden=64, head=4), 4
    else:
        cfg, batch = dict(num_layers=7, hidden=384, mlp_hidden=384, head=12), (128 if dev == "cuda" else 16)
    torch.manual_seed(1)
    x = torch.randn(batch, 3, 32, 32).to(dev)
    y = torch.randint(10, (batch,)).to(dev)
    tokens = 65
    head_dim = cfg["hidden"] // cfg["head"]
    # the two einsums: 2 * b * h * n * n * d each (not counted by the Linear hooks)
    attn_flops = cfg["num_layers"] * 2 * (2 * batch * cfg["head"] * tokens * tokens * head_dim)

    def make_model():
        return ViT(3, 10, 32, 8, dropout=0.0, **cfg).to(dev)

    def make_forward():
        torch.manual_seed(0)
        model = make_model()
        model.eval()
        return model, (x,)

    def make_train(compiled, mode):
        torch.manual_seed(0)
        model = make_model()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=5e-5)
        criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
        f = torch.compile(model, mode=mode) if compiled else model

        def step():
            optimizer.zero_grad()
            loss = criterion(f(x), y)
            loss.backward()
            optimizer.step()
            return loss.detach()

        return step, model, lambda: model(x)

    label = "L%dC%dH%d_b%d" % (cfg["num_layers"], cfg["hidden"], cfg["head"], batch)
    common.guarded(opts, "vit", "forward", lambda: common.run_forward(opts, "vit", "forward_" + label, make_forward,
                                                                      attn_flops))
    common.guarded(opts, "vit", "train", lambda: common.run_train(opts, "vit", "train_adam_" + label, make_train,
                                                                  False, attn_flops))


if __name__ == "__main__":
    main()
