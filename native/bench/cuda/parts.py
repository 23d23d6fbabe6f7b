# Where the transformer case's time goes, piece by piece: one pre-norm block of bench.py's
# transformer6 (b32 s128 d512, 8 heads) timed eagerly on the GPU, each piece alone, in whichever
# engine runs this file (Kiln: `kiln parts.py`; PyTorch: `python3 parts.py`), with timing.py
# (batches between two synchronizations, the median). A diagnosis, not a benchmark of record:
# run both engines and compare the lines.
#   native/bench/cuda/run_all.sh builds its program from cases.py + bench.py; this one stands alone.
import torch
import torch.nn as nn
import torch.nn.functional as F

from timing import median_ms


def main():
    engine = "kiln" if not hasattr(torch, "__file__") else "torch"
    torch.set_float32_matmul_precision("highest")
    torch.manual_seed(0)
    b, s, d, h = 32, 128, 512, 8
    hd = d // h
    dev = "cuda"
    ln = nn.LayerNorm(d).to(dev)
    attn = nn.MultiheadAttention(d, h, batch_first=True).to(dev)
    fc1 = nn.Linear(d, 4 * d).to(dev)
    fc2 = nn.Linear(4 * d, d).to(dev)
    attn.eval()
    x = torch.randn(b, s, d, device=dev)
    x2 = x.reshape(b * s, d)
    hid = torch.randn(b, s, 4 * d, device=dev)
    q = torch.randn(b * h, s, hd, device=dev)
    kt = torch.randn(b * h, hd, s, device=dev)
    sc = torch.randn(b * h, s, s, device=dev)
    w = torch.randn(d, d, device=dev)
    pieces = [
        ("layer_norm", lambda: ln(x)),
        ("attention (MHA, need_weights=False)", lambda: attn(x, x, x, need_weights=False)),
        ("linear 512->2048 (3-D input)", lambda: fc1(x)),
        ("linear 2048->512 (3-D input)", lambda: fc2(hid)),
        ("mm 4096x512 @ 512x512", lambda: x2 @ w),
        ("F.linear 4096x512, 512x512 + bias", lambda: F.linear(x2, w, fc2.bias)),
        ("bmm 256 x (128x64 @ 64x128)", lambda: torch.bmm(q, kt)),
        ("softmax 256x128x128", lambda: torch.softmax(sc, -1)),
        ("gelu 32x128x2048", lambda: F.gelu(hid)),
        ("add 32x128x512", lambda: x + x),
        ("transpose(0,1).contiguous() 32x128x512", lambda: x.transpose(0, 1).contiguous()),
    ]
    with torch.no_grad():
        for name, fn in pieces:
            try:
                print("PART|%s|%s|%.4f" % (engine, name, median_ms(fn)))
            except Exception as e:
                print("PART|%s|%s|error %s" % (engine, name, type(e).__name__))


main()
