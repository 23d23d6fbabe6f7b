# einops.rearrange against explicit reshape/permute: compositions, decompositions with axis lengths,
# ellipsis, unit axes, lists of tensors; every result checked with torch.equal.
import torch
from einops import rearrange

x = torch.arange(2 * 3 * 4 * 6).reshape(2, 3, 4, 6)
cases = [
    ("b c h w -> b h w c", {}, x.permute(0, 2, 3, 1)),
    ("b c h w -> b (c h w)", {}, x.reshape(2, -1)),
    ("b c h w -> (b h) w c", {}, x.permute(0, 2, 3, 1).reshape(8, 6, 3)),
    ("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", {"p1": 2, "p2": 3},
     x.reshape(2, 3, 2, 2, 2, 3).permute(0, 2, 4, 3, 5, 1).reshape(2, 4, 18)),
    ("b c (h2 h) w -> b c h (h2 w)", {"h2": 2}, x.reshape(2, 3, 2, 2, 6).permute(0, 1, 3, 2, 4).reshape(2, 3, 2, 12)),
    ("b ... w -> b w ...", {}, x.permute(0, 3, 1, 2)),
    ("... h w -> ... (h w)", {}, x.reshape(2, 3, 24)),
    ("b c h w -> b 1 c h w 1", {}, x.reshape(2, 1, 3, 4, 6, 1)),
    ("b c h w -> b () (c h) w", {}, x.reshape(2, 1, 12, 6)),
    ("b c h w -> w h c b", {}, x.permute(3, 2, 1, 0)),
]
for pattern, lengths, expected in cases:
    y = rearrange(x, pattern, **lengths)
    print(f"{pattern:45s} {str(tuple(y.shape)):16s} {torch.equal(y, expected)}")
seq = [torch.full((2, 3), float(i)) for i in range(4)]
y = rearrange(seq, "n a b -> a (n b)")
print(y.shape, torch.equal(y, torch.stack(seq).permute(1, 0, 2).reshape(2, 12)))
v = torch.randn(2, 5, 12, requires_grad=True)
heads = rearrange(v, "b n (h d) -> b h n d", h=3)
print(heads.shape, torch.equal(heads, v.reshape(2, 5, 3, 4).permute(0, 2, 1, 3)))
heads.sum().backward()
print(v.grad.shape, v.grad.sum().item())
print(rearrange(torch.tensor(5.0), "-> 1 1").shape, rearrange(x, "b c h w -> b c h w").data_ptr() == x.data_ptr())
