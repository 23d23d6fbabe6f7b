# Real-program corpus (tests/realworld, see README.md): a Vision Transformer in lucidrains' style: the
# patch embedding is einops.layers.torch.Rearrange('b c (h p1) (w p2) -> b (h w) (p1 p2 c)') between
# LayerNorms, class tokens made with repeat('1 ... d -> b ... d'), multi-head attention splitting heads
# with rearrange('b n (h d) -> b h n d'), pre-norm residual blocks in ModuleLists, cls pooling; trained
# for a few Adam steps on torchvision FakeData images (RandomHorizontalFlip, ToTensor, Normalize) through
# a DataLoader: the workflow of lucidrains/vit-pytorch vit_pytorch/vit.py @
# 0ebd4edab94c211eff78406248896588d155a10c and its README's usage. Written for Kiln, not copied.
import torch
import torch.nn.functional as F
from einops import rearrange, reduce, repeat
from einops.layers.torch import Rearrange
from torch import nn
from torchvision import datasets, transforms


def pair(t):
    return t if isinstance(t, tuple) else (t, t)


class FeedForward(nn.Module):
    def __init__(self, dim, hidden_dim, dropout=0.0):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, hidden_dim), nn.GELU(), nn.Dropout(dropout),
                                 nn.Linear(hidden_dim, dim), nn.Dropout(dropout))

    def forward(self, x):
        return self.net(x)


class Attention(nn.Module):
    def __init__(self, dim, heads=4, dim_head=8, dropout=0.0):
        super().__init__()
        inner = heads * dim_head
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.norm = nn.LayerNorm(dim)
        self.attend = nn.Softmax(dim=-1)
        self.to_qkv = nn.Linear(dim, inner * 3, bias=False)
        self.to_out = nn.Sequential(nn.Linear(inner, dim), nn.Dropout(dropout))

    def forward(self, x):
        x = self.norm(x)
        q, k, v = [rearrange(t, "b n (h d) -> b h n d", h=self.heads) for t in self.to_qkv(x).chunk(3, dim=-1)]
        attn = self.attend(torch.matmul(q, k.transpose(-1, -2)) * self.scale)
        out = rearrange(torch.matmul(attn, v), "b h n d -> b n (h d)")
        return self.to_out(out)


class Transformer(nn.Module):
    def __init__(self, dim, depth, heads, dim_head, mlp_dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.layers = nn.ModuleList([nn.ModuleList([Attention(dim, heads, dim_head), FeedForward(dim, mlp_dim)])
                                     for _ in range(depth)])

    def forward(self, x):
        for attn, ff in self.layers:
            x = attn(x) + x
            x = ff(x) + x
        return self.norm(x)


class ViT(nn.Module):
    def __init__(self, *, image_size, patch_size, num_classes, dim, depth, heads, mlp_dim, channels=3, dim_head=8):
        super().__init__()
        ih, iw = pair(image_size)
        ph, pw = pair(patch_size)
        num_patches = (ih // ph) * (iw // pw)
        patch_dim = channels * ph * pw
        self.to_patch_embedding = nn.Sequential(
            Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=ph, p2=pw),
            nn.LayerNorm(patch_dim), nn.Linear(patch_dim, dim), nn.LayerNorm(dim))
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        self.pos_embedding = nn.Parameter(torch.randn(1, num_patches + 1, dim))
        self.transformer = Transformer(dim, depth, heads, dim_head, mlp_dim)
        self.mlp_head = nn.Linear(dim, num_classes)

    def forward(self, img):
        x = self.to_patch_embedding(img)
        b, n, _ = x.shape
        cls_tokens = repeat(self.cls_token, "1 ... d -> b ... d", b=b)
        x = torch.cat((cls_tokens, x), dim=1)
        x += self.pos_embedding[:, :(n + 1)]
        x = self.transformer(x)
        return self.mlp_head(x[:, 0])


torch.manual_seed(42)
model = ViT(image_size=16, patch_size=4, num_classes=5, dim=32, depth=2, heads=4, mlp_dim=64)
print(model.to_patch_embedding)
print("parameters:", sum(p.numel() for p in model.parameters()))
tf = transforms.Compose([transforms.RandomHorizontalFlip(), transforms.ToTensor(),
                         transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])
data = datasets.FakeData(size=32, image_size=(3, 16, 16), num_classes=5, transform=tf)
loader = torch.utils.data.DataLoader(data, batch_size=8, shuffle=True)
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
for epoch in range(2):
    for step, (img, label) in enumerate(loader):
        logits = model(img)
        loss = F.cross_entropy(logits, label)
        opt.zero_grad()
        loss.backward()
        opt.step()
        acc = (logits.argmax(dim=-1) == label).float().mean().item()
        print(f"epoch {epoch} step {step} loss {loss.item():.4f} acc {acc:.2f}")
model.eval()
with torch.no_grad():
    img, _ = next(iter(loader))
    patches = rearrange(img, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=4, p2=4)
    print(tuple(patches.shape), torch.equal(model.to_patch_embedding[0](img), patches))
    pooled = reduce(model.to_patch_embedding(img), "b n d -> b d", "mean")
    print(tuple(pooled.shape), model(img).argmax(dim=-1).tolist())
