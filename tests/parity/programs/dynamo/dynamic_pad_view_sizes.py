import torch
import torch.nn.functional as F
# Swin's window partition (torchvision's shifted_window_attention) in a graph made dynamic by a
# recompile: F.pad by an amount computed from a size symbol, the padded size read back from .shape,
# a view by it, a branch on it, and the unpadding slice. Each size gets the right windows.

def windows(x, window):
    B, H, W, C = x.shape
    pad_r = (window - W % window) % window
    pad_b = (window - H % window) % window
    x = F.pad(x, (0, 0, 0, pad_r, 0, pad_b))
    _, pad_H, pad_W, _ = x.shape
    if window < pad_H:
        x = torch.roll(x, shifts=(-3, -3), dims=(1, 2))
    x = x.view(B, pad_H // window, window, pad_W // window, window, C).sum(dim=(2, 4))
    return x[:, :H, :W].contiguous()

cwin = torch.compile(windows, backend="eager")
for n in [8, 5, 6, 9, 15]:
    x = torch.arange(2 * n * n * 3, dtype=torch.float32).reshape(2, n, n, 3)
    try:
        y = cwin(x, 7)
        print(n, tuple(y.shape), torch.equal(y, windows(x, 7)))
    except RuntimeError as e:
        print(n, "RuntimeError:", e)
