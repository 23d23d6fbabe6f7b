# TabTransformer and FT-Transformer on a Kaggle-style tabular data set with stratified K-fold AUC.
#
# Origin (workflow reproduced): lucidrains/tab-transformer-pytorch
# tab_transformer_pytorch/tab_transformer_pytorch.py @ 039df8ff (TabTransformer: category offsets
# from F.pad(...).cumsum()[:-1] in a buffer, einsum attention with einops rearrange, GEGLU feed-
# forward, Residual(PreNorm(...)) blocks, continuous_mean_std buffer, LayerNorm of continuous
# columns, the MLP that reuses one activation module), ft_transformer.py before the hyper-connection
# rewrite (@ 23a29598's FeedForward/Attention/NumericalEmbedder/FTTransformer with plain residuals,
# returning the stacked post-softmax attention maps), and the README usage of both.
# The data preparation and cross-validation loop are the usual Kaggle-notebook shape: a pandas
# frame, LabelEncoder per categorical column, StandardScaler statistics, StratifiedKFold(5,
# shuffle=True, random_state=42), BCEWithLogitsLoss + AdamW, roc_auc_score per fold and
# out-of-fold.
# Changes for Kiln's corpus: a synthetic adult-income-like frame (400 rows, 4 categorical and 3
# continuous columns) replaces the CSV download; 3 epochs per fold; FTTransformer's hyper-connection
# streams (third-party hyper_connections) are the plain residuals of the version before them.

import numpy as np
import pandas as pd
import torch
import torch.nn.functional as F
from einops import rearrange, repeat
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder, StandardScaler
from torch import einsum, nn


def exists(val):
    return val is not None


def default(val, d):
    return val if exists(val) else d


# ---------------------------------------------------------------- tab_transformer_pytorch.py
class Residual(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x, **kwargs):
        return self.fn(x, **kwargs) + x


class PreNorm(nn.Module):
    def __init__(self, dim, fn):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fn = fn

    def forward(self, x, **kwargs):
        return self.fn(self.norm(x), **kwargs)


class GEGLU(nn.Module):
    def forward(self, x):
        x, gates = x.chunk(2, dim=-1)
        return x * F.gelu(gates)


class FeedForward(nn.Module):
    def __init__(self, dim, mult=4, dropout=0.0):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim * mult * 2), GEGLU(), nn.Dropout(dropout), nn.Linear(dim * mult, dim))

    def forward(self, x, **kwargs):
        return self.net(x)


class Attention(nn.Module):
    def __init__(self, dim, heads=8, dim_head=16, dropout=0.0):
        super().__init__()
        inner_dim = dim_head * heads
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.to_qkv = nn.Linear(dim, inner_dim * 3, bias=False)
        self.to_out = nn.Linear(inner_dim, dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        h = self.heads
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = map(lambda t: rearrange(t, "b n (h d) -> b h n d", h=h), (q, k, v))
        sim = einsum("b h i d, b h j d -> b h i j", q, k) * self.scale
        attn = sim.softmax(dim=-1)
        dropped = self.dropout(attn)
        out = einsum("b h i j, b h j d -> b h i d", dropped, v)
        out = rearrange(out, "b h n d -> b n (h d)", h=h)
        return self.to_out(out)


class Transformer(nn.Module):
    def __init__(self, num_tokens, dim, depth, heads, dim_head):
        super().__init__()
        self.embeds = nn.Embedding(num_tokens, dim)
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([
                Residual(PreNorm(dim, Attention(dim, heads=heads, dim_head=dim_head))),
                Residual(PreNorm(dim, FeedForward(dim))),
            ]))

    def forward(self, x):
        x = self.embeds(x)
        for attn, ff in self.layers:
            x = attn(x)
            x = ff(x)
        return x


class MLP(nn.Module):
    def __init__(self, dims, act=None):
        super().__init__()
        dims_pairs = list(zip(dims[:-1], dims[1:]))
        layers = []
        for ind, (dim_in, dim_out) in enumerate(dims_pairs):
            is_last = ind >= (len(dims) - 1)
            linear = nn.Linear(dim_in, dim_out)
            layers.append(linear)
            if is_last:
                continue
            act = default(act, nn.ReLU())
            layers.append(act)
        self.mlp = nn.Sequential(*layers)

    def forward(self, x):
        return self.mlp(x)


class TabTransformer(nn.Module):
    def __init__(self, *, categories, num_continuous, dim, depth, heads, dim_head=16, dim_out=1,
                 mlp_hidden_mults=(4, 2), mlp_act=None, num_special_tokens=2, continuous_mean_std=None):
        super().__init__()
        assert all(map(lambda n: n > 0, categories)), "number of each category must be positive"
        self.num_categories = len(categories)
        self.num_unique_categories = sum(categories)
        self.num_special_tokens = num_special_tokens
        total_tokens = self.num_unique_categories + num_special_tokens

        categories_offset = F.pad(torch.tensor(list(categories)), (1, 0), value=num_special_tokens)
        categories_offset = categories_offset.cumsum(dim=-1)[:-1]
        self.register_buffer("categories_offset", categories_offset)

        if exists(continuous_mean_std):
            assert continuous_mean_std.shape == (num_continuous, 2), \
                f"continuous_mean_std must have a shape of ({num_continuous}, 2) where the last dimension contains the mean and variance respectively"
        self.register_buffer("continuous_mean_std", continuous_mean_std)

        self.norm = nn.LayerNorm(num_continuous)
        self.num_continuous = num_continuous

        self.transformer = Transformer(num_tokens=total_tokens, dim=dim, depth=depth, heads=heads, dim_head=dim_head)

        input_size = (dim * self.num_categories) + num_continuous
        l = input_size // 8
        hidden_dimensions = list(map(lambda t: l * t, mlp_hidden_mults))
        all_dimensions = [input_size, *hidden_dimensions, dim_out]
        self.mlp = MLP(all_dimensions, act=mlp_act)

    def forward(self, x_categ, x_cont):
        assert x_categ.shape[-1] == self.num_categories, f"you must pass in {self.num_categories} values for your categories input"
        x_categ += self.categories_offset
        x = self.transformer(x_categ)
        flat_categ = x.flatten(1)

        assert x_cont.shape[1] == self.num_continuous, f"you must pass in {self.num_continuous} values for your continuous input"
        if exists(self.continuous_mean_std):
            mean, std = self.continuous_mean_std.unbind(dim=-1)
            x_cont = (x_cont - mean) / std
        normed_cont = self.norm(x_cont)

        x = torch.cat((flat_categ, normed_cont), dim=-1)
        return self.mlp(x)


# ---------------------------------------------------------------- ft_transformer.py (plain residuals)
class FTAttention(nn.Module):
    def __init__(self, dim, heads=8, dim_head=64, dropout=0.0):
        super().__init__()
        inner_dim = dim_head * heads
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.norm = nn.LayerNorm(dim)
        self.to_qkv = nn.Linear(dim, inner_dim * 3, bias=False)
        self.to_out = nn.Linear(inner_dim, dim, bias=False)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        h = self.heads
        x = self.norm(x)
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = map(lambda t: rearrange(t, "b n (h d) -> b h n d", h=h), (q, k, v))
        q = q * self.scale
        sim = einsum("b h i d, b h j d -> b h i j", q, k)
        attn = sim.softmax(dim=-1)
        dropped_attn = self.dropout(attn)
        out = einsum("b h i j, b h j d -> b h i d", dropped_attn, v)
        out = rearrange(out, "b h n d -> b n (h d)", h=h)
        return self.to_out(out), attn


def FTFeedForward(dim, mult=4, dropout=0.0):
    return nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * mult * 2), GEGLU(), nn.Dropout(dropout), nn.Linear(dim * mult, dim))


class FTTransformerBody(nn.Module):
    def __init__(self, dim, depth, heads, dim_head, attn_dropout, ff_dropout):
        super().__init__()
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([
                FTAttention(dim, heads=heads, dim_head=dim_head, dropout=attn_dropout),
                FTFeedForward(dim, dropout=ff_dropout),
            ]))

    def forward(self, x, return_attn=False):
        post_softmax_attns = []
        for attn, ff in self.layers:
            attn_out, post_softmax_attn = attn(x)
            post_softmax_attns.append(post_softmax_attn)
            x = x + attn_out
            x = ff(x) + x
        if not return_attn:
            return x
        return x, torch.stack(post_softmax_attns)


class NumericalEmbedder(nn.Module):
    def __init__(self, dim, num_numerical_types):
        super().__init__()
        self.weights = nn.Parameter(torch.randn(num_numerical_types, dim))
        self.biases = nn.Parameter(torch.randn(num_numerical_types, dim))

    def forward(self, x):
        x = rearrange(x, "b n -> b n 1")
        return x * self.weights + self.biases


class FTTransformer(nn.Module):
    def __init__(self, *, categories, num_continuous, dim, depth, heads, dim_head=16, dim_out=1,
                 num_special_tokens=2, attn_dropout=0.0, ff_dropout=0.0):
        super().__init__()
        assert all(map(lambda n: n > 0, categories)), "number of each category must be positive"
        assert len(categories) + num_continuous > 0, "input shape must not be null"
        self.num_categories = len(categories)
        self.num_unique_categories = sum(categories)
        self.num_special_tokens = num_special_tokens
        total_tokens = self.num_unique_categories + num_special_tokens

        if self.num_unique_categories > 0:
            categories_offset = F.pad(torch.tensor(list(categories)), (1, 0), value=num_special_tokens)
            categories_offset = categories_offset.cumsum(dim=-1)[:-1]
            self.register_buffer("categories_offset", categories_offset)
            self.categorical_embeds = nn.Embedding(total_tokens, dim)

        self.num_continuous = num_continuous
        if self.num_continuous > 0:
            self.numerical_embedder = NumericalEmbedder(dim, self.num_continuous)

        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        self.transformer = FTTransformerBody(dim=dim, depth=depth, heads=heads, dim_head=dim_head,
                                             attn_dropout=attn_dropout, ff_dropout=ff_dropout)
        self.to_logits = nn.Sequential(nn.LayerNorm(dim), nn.ReLU(), nn.Linear(dim, dim_out))

    def forward(self, x_categ, x_numer, return_attn=False):
        assert x_categ.shape[-1] == self.num_categories, f"you must pass in {self.num_categories} values for your categories input"
        xs = []
        if self.num_unique_categories > 0:
            x_categ = x_categ + self.categories_offset
            x_categ = self.categorical_embeds(x_categ)
            xs.append(x_categ)
        if self.num_continuous > 0:
            x_numer = self.numerical_embedder(x_numer)
            xs.append(x_numer)
        x = torch.cat(xs, dim=1)

        b = x.shape[0]
        cls_tokens = repeat(self.cls_token, "1 1 d -> b 1 d", b=b)
        x = torch.cat((cls_tokens, x), dim=1)

        x, attns = self.transformer(x, return_attn=True)
        x = x[:, 0]
        logits = self.to_logits(x)
        if not return_attn:
            return logits
        return logits, attns


# ---------------------------------------------------------------- README usage
torch.manual_seed(0)
cont_mean_std = torch.randn(10, 2)
model = TabTransformer(categories=(10, 5, 6, 5, 8), num_continuous=10, dim=32, dim_out=1, depth=6, heads=8,
                       mlp_hidden_mults=(4, 2), mlp_act=nn.ReLU(), continuous_mean_std=cont_mean_std)
x_categ = torch.randint(0, 5, (1, 5))
x_cont = torch.randn(1, 10)
pred = model(x_categ, x_cont)
print("TabTransformer README pred shape", tuple(pred.shape), "x_categ shifted in place:", x_categ.tolist())
print("mlp", [type(m).__name__ for m in model.mlp.mlp], "shared act:", model.mlp.mlp[1] is model.mlp.mlp[3])
print("params", sum(p.numel() for p in model.parameters()), "buffers", [n for n, _ in model.named_buffers()])

ft = FTTransformer(categories=(10, 5, 6, 5, 8), num_continuous=10, dim=32, dim_out=1, depth=6, heads=8,
                   attn_dropout=0.1, ff_dropout=0.1)
ft.eval()
x_categ = torch.randint(0, 5, (1, 5))
x_numer = torch.randn(1, 10)
pred, attns = ft(x_categ, x_numer, return_attn=True)
print("FTTransformer README", tuple(pred.shape), tuple(attns.shape), f"row sums {attns.sum(-1).mean().item():.4f}")
try:
    ft(torch.randint(0, 5, (1, 4)), x_numer)
except AssertionError as e:
    print("AssertionError:", e)

# ---------------------------------------------------------------- Kaggle-style data + stratified K-fold
rng = np.random.RandomState(7)
n = 400
df = pd.DataFrame({
    "workclass": rng.choice(["Private", "Self-emp", "Gov", "Never-worked"], n),
    "education": rng.choice(["HS-grad", "Bachelors", "Masters", "Doctorate", "Some-college"], n),
    "sex": rng.choice(["Male", "Female"], n),
    "race": rng.choice(["A", "B", "C"], n),
    "age": rng.randint(18, 70, n).astype(float),
    "hours_per_week": rng.normal(40, 8, n).round(1),
    "capital_gain": np.abs(rng.normal(0, 1000, n)).round(0),
})
logit = (0.04 * (df["age"] - 40) + 0.05 * (df["hours_per_week"] - 40)
         + df["education"].map({"HS-grad": -1.0, "Some-college": -0.5, "Bachelors": 0.3, "Masters": 0.8, "Doctorate": 1.2})
         + 0.4 * (df["sex"] == "Male"))
df["income"] = (logit + rng.normal(0, 0.7, n) > 0).astype(int)
print(df.head())
print(df["income"].value_counts().sort_index().to_dict(), df.shape)

cat_cols = ["workclass", "education", "sex", "race"]
cont_cols = ["age", "hours_per_week", "capital_gain"]
encoders = {}
for c in cat_cols:
    le = LabelEncoder()
    df[c] = le.fit_transform(df[c])
    encoders[c] = le
print({c: list(encoders[c].classes_) for c in cat_cols[:2]})
categories = tuple(df[c].nunique() for c in cat_cols)
print("categories", categories)

X_cat = torch.tensor(df[cat_cols].values, dtype=torch.long)
X_cont = torch.tensor(df[cont_cols].values, dtype=torch.float32)
y = torch.tensor(df["income"].values, dtype=torch.float32)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof = np.zeros(n)
for fold, (tr_idx, va_idx) in enumerate(skf.split(df, df["income"])):
    if fold == 0:
        print("fold 0 sizes", len(tr_idx), len(va_idx), "val positives", int(df["income"].values[va_idx].sum()), va_idx[:6])
    scaler = StandardScaler().fit(df[cont_cols].values[tr_idx])
    stats = torch.tensor(np.stack([scaler.mean_, scaler.scale_], axis=1), dtype=torch.float32)
    torch.manual_seed(fold)
    if fold % 2 == 0:
        net = TabTransformer(categories=categories, num_continuous=len(cont_cols), dim=8, depth=1, heads=2,
                             dim_head=8, continuous_mean_std=stats)
    else:
        net = FTTransformer(categories=categories, num_continuous=len(cont_cols), dim=8, depth=1, heads=2, dim_head=8)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    crit = nn.BCEWithLogitsLoss()
    tr = torch.as_tensor(tr_idx)
    for epoch in range(3):
        net.train()
        perm = tr[torch.randperm(len(tr))]
        total = 0.0
        for i in range(0, len(perm), 64):
            b = perm[i:i + 64]
            xc = X_cat[b].clone()
            xn = X_cont[b] if fold % 2 == 0 else (X_cont[b] - stats[:, 0]) / stats[:, 1]
            logits = net(xc, xn).squeeze(-1)
            loss = crit(logits, y[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(b)
    net.eval()
    with torch.no_grad():
        va = torch.as_tensor(va_idx)
        xn = X_cont[va] if fold % 2 == 0 else (X_cont[va] - stats[:, 0]) / stats[:, 1]
        p = torch.sigmoid(net(X_cat[va].clone(), xn).squeeze(-1)).numpy()
    oof[va_idx] = p
    auc = roc_auc_score(df["income"].values[va_idx], p)
    print(f"fold {fold} {type(net).__name__}: train loss {total / len(tr):.4f} val auc {auc:.3f}")
print(f"OOF AUC {roc_auc_score(df['income'], oof):.3f}")
print("auc of perfect / reversed ranking:", roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
      roc_auc_score([1, 0, 1, 0], [0.2, 0.9, 0.2, 0.5]))
