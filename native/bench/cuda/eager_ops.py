# Where eager GPU time goes in the memory-bound cases and CNN layers: each op alone, timed in
# whichever engine runs this file (Kiln: `kiln eager_ops.py`; PyTorch: `python3 eager_ops.py`), with
# timing.py (batches between two synchronizations, the median), and the bytes each op must
# move at least (inputs read once, outputs written once) as GB/s. A diagnosis, not a benchmark of
# record: run both engines on one machine and compare the lines (bench.py's softmax case is the first
# five lines' composite; its layernorm_gelu the two after them).
import torch
import torch.nn.functional as F

from timing import median_ms


def main():
    engine = "kiln" if not hasattr(torch, "__file__") else "torch"
    torch.manual_seed(0)
    dev = "cuda"
    r, c = 16384, 4096
    x = torch.randn(r, c, device=dev)
    m = torch.amax(x, -1, keepdim=True)
    e = torch.exp(x - m)
    s = e.sum(-1, keepdim=True)
    w = torch.randn(c, device=dev)
    b = torch.randn(c, device=dev)
    g = torch.randn(65536, 512, device=dev)
    act = torch.randn(128, 64, 32, 32, device=dev)
    bn_w = torch.ones(64, device=dev)
    bn_b = torch.zeros(64, device=dev)
    rm = torch.zeros(64, device=dev)
    rv = torch.ones(64, device=dev)
    small = torch.randn(128, 512, 4, 4, device=dev)
    act_cl = act.contiguous(memory_format=torch.channels_last)  # a channels-last network's activations
    chan = torch.randn(1, 64, 1, 1, device=dev)
    logits = torch.randn(1024, 10, device=dev)
    target = torch.randint(0, 10, (1024,), device=dev)
    f4 = 4
    big = r * c * f4
    pieces = [
        ("amax(-1) 16384x4096", lambda: torch.amax(x, -1, keepdim=True), big),
        ("x - m (row broadcast)", lambda: x - m, 2 * big),
        ("exp", lambda: torch.exp(x), 2 * big),
        ("sum(-1) 16384x4096", lambda: e.sum(-1, keepdim=True), big),
        ("e / s (row broadcast)", lambda: e / s, 2 * big),
        ("F.softmax(-1) 16384x4096", lambda: F.softmax(x, -1), 2 * big),
        ("F.layer_norm 16384x4096", lambda: F.layer_norm(x, (c,), w, b), 2 * big),
        ("F.gelu 16384x4096", lambda: F.gelu(x), 2 * big),
        ("sum(0) 65536x512 (bias grad)", lambda: g.sum(0), 65536 * 512 * f4),
        ("mean (0,2,3) 128x64x32x32 (BN mean)", lambda: act.mean((0, 2, 3)), act.numel() * f4),
        ("var (0,2,3) unbiased=False", lambda: act.var((0, 2, 3), unbiased=False), act.numel() * f4),
        ("F.batch_norm train 128x64x32x32", lambda: F.batch_norm(act, rm, rv, bn_w, bn_b, True), 2 * act.numel() * f4),
        ("F.batch_norm eval 128x64x32x32", lambda: F.batch_norm(act, rm, rv, bn_w, bn_b, False), 2 * act.numel() * f4),
        ("F.relu 128x64x32x32", lambda: F.relu(act), 2 * act.numel() * f4),
        ("channels-last + bias (1,C,1,1)", lambda: act_cl + chan, 2 * act.numel() * f4),
        ("channels-last add_ bias in place", lambda: act_cl.add_(chan), 2 * act.numel() * f4),
        ("channels-last F.relu", lambda: F.relu(act_cl), 2 * act.numel() * f4),
        ("channels-last .contiguous()", lambda: act_cl.contiguous(), 2 * act.numel() * f4),
        ("F.max_pool2d 3x3 s2 p1", lambda: F.max_pool2d(act, 3, 2, 1), act.numel() * f4 * 5 // 4),
        ("F.adaptive_avg_pool2d 1 128x512x4x4", lambda: F.adaptive_avg_pool2d(small, 1), small.numel() * f4),
        ("F.cross_entropy 1024x10", lambda: F.cross_entropy(logits, target), logits.numel() * f4),
    ]
    with torch.no_grad():
        for name, fn, nbytes in pieces:
            try:
                ms = median_ms(fn)
                print("OP|%s|%-38s|%8.4f ms|%7.0f GB/s" % (engine, name, ms, nbytes / ms / 1e6))
            except Exception as ex:
                print("OP|%s|%s|error %s: %s" % (engine, name, type(ex).__name__, ex))


main()
