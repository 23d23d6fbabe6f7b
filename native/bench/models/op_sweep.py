# Op sweep (issue 32): eager timings of ~60 ops real programs call (resampling, pooling, norms, reductions,
# sorting, indexing, distances, attention, FFT, random numbers, conversions) on mid-sized tensors, one engine
# per run: an op whose time is several times PyTorch's on the same machine is a kernel to write
# (2026-11-30-local-2core-s65-cpu-outliers.md: topk, cdist, dim-1 max and log_softmax were).
#
#   kiln op_sweep.py kiln [THREADS]  /  python3 op_sweep.py torch [THREADS]     prints OP|engine|op|ms
import sys, time
import torch
import torch.nn.functional as F
ENG = sys.argv[1]
torch.set_num_threads(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
torch.manual_seed(0)
x = torch.randn(64, 128, 32, 32)
v = torch.randn(1 << 20)
m = torch.randn(512, 512)
idx = torch.randint(0, 4096, (1 << 18,))
src = torch.randn(1 << 18)
img = torch.randn(16, 32, 64, 64)
seq = torch.randn(32, 256, 128)
ops = [
    ("interpolate_bilinear_x2", lambda: F.interpolate(img, scale_factor=2, mode="bilinear", align_corners=False)),
    ("interpolate_nearest_x2", lambda: F.interpolate(img, scale_factor=2, mode="nearest")),
    ("avg_pool2d_3s2", lambda: F.avg_pool2d(img, 3, 2, 1)),
    ("max_pool2d_3s2", lambda: F.max_pool2d(img, 3, 2, 1)),
    ("adaptive_avg_pool_7", lambda: F.adaptive_avg_pool2d(img, 7)),
    ("grid_sample", lambda: F.grid_sample(img, torch.zeros(16, 64, 64, 2), align_corners=False)),
    ("unfold_3x3", lambda: F.unfold(img[:4], 3, padding=1)),
    ("pixel_shuffle", lambda: F.pixel_shuffle(img, 2)),
    ("pad_reflect", lambda: F.pad(img, (2, 2, 2, 2), mode="reflect")),
    ("cat_dim1", lambda: torch.cat([img, img], 1)),
    ("permute_contig", lambda: img.permute(0, 2, 3, 1).contiguous()),
    ("transpose_2d", lambda: m.t().contiguous()),
    ("softmax_last", lambda: torch.softmax(seq, -1)),
    ("log_softmax_dim1", lambda: torch.log_softmax(seq, 1)),
    ("layer_norm", lambda: F.layer_norm(seq, (128,))),
    ("group_norm_8", lambda: F.group_norm(img, 8)),
    ("instance_norm", lambda: F.instance_norm(img)),
    ("gelu", lambda: F.gelu(seq)),
    ("silu", lambda: F.silu(seq)),
    ("sum_dim0", lambda: x.sum(0)),
    ("mean_hw", lambda: x.mean((2, 3))),
    ("var_dim1", lambda: x.var(1)),
    ("max_dim1", lambda: x.max(1)),
    ("argmax_last", lambda: seq.argmax(-1)),
    ("cumsum", lambda: v.cumsum(0)),
    ("sort", lambda: v.sort()),
    ("topk_100", lambda: v.topk(100)),
    ("argsort_rows", lambda: m.argsort(1)),
    ("unique", lambda: torch.unique(idx)),
    ("index_select", lambda: v.index_select(0, idx)),
    ("gather", lambda: torch.gather(v, 0, idx)),
    ("scatter_add", lambda: torch.zeros(4096).scatter_add_(0, idx, src)),
    ("index_add", lambda: torch.zeros(4096).index_add_(0, idx, src)),
    ("bincount", lambda: torch.bincount(idx)),
    ("masked_select", lambda: v.masked_select(v > 0)),
    ("nonzero", lambda: (v > 0).nonzero()),
    ("where", lambda: torch.where(v > 0, v, -v)),
    ("embedding", lambda: F.embedding(idx[:65536] % 1000, torch.randn(1000, 64))),
    ("cdist", lambda: torch.cdist(m[:256], m[:256])),
    ("bmm_small", lambda: torch.bmm(seq[:, :64, :], seq[:, :64, :].transpose(1, 2))),
    ("einsum_attn", lambda: torch.einsum("bhqd,bhkd->bhqk", seq.view(32, 4, 256, 32)[:8], seq.view(32, 4, 256, 32)[:8])),
    ("sdpa", lambda: F.scaled_dot_product_attention(seq.view(32, 256, 4, 32).transpose(1, 2)[:8], seq.view(32, 256, 4, 32).transpose(1, 2)[:8], seq.view(32, 256, 4, 32).transpose(1, 2)[:8])),
    ("cross_entropy", lambda: F.cross_entropy(m, torch.arange(512) % 512)),
    ("mse_backward", lambda: F.mse_loss(m.clone().requires_grad_(), m).backward()),
    ("clamp", lambda: v.clamp(-0.5, 0.5)),
    ("pow_2", lambda: v.pow(2)),
    ("exp", lambda: v.exp()),
    ("tanh", lambda: v.tanh()),
    ("lerp", lambda: torch.lerp(v, v, 0.3)),
    ("to_half", lambda: v.half()),
    ("to_int64", lambda: v.long()),
    ("randn_1m", lambda: torch.randn(1 << 20)),
    ("rand_1m", lambda: torch.rand(1 << 20)),
    ("randperm_100k", lambda: torch.randperm(100000)),
    ("linalg_inv_256", lambda: torch.linalg.inv(m[:256, :256])),
    ("svd_128", lambda: torch.linalg.svd(m[:128, :128])),
    ("fft_1m", lambda: torch.fft.rfft(v)),
    ("stft", lambda: torch.stft(v[:65536], 512, return_complex=True, window=torch.hann_window(512))),
    ("conv1d", lambda: F.conv1d(seq.transpose(1, 2), torch.randn(128, 128, 3), padding=1)),
    ("conv_transpose2d_s2", lambda: F.conv_transpose2d(img[:4], torch.randn(32, 16, 4, 4), stride=2, padding=1)),
    ("depthwise_3x3", lambda: F.conv2d(img, torch.randn(32, 1, 3, 3), padding=1, groups=32)),
]
def bench(f):
    f()
    t = time.perf_counter(); n = 0
    while time.perf_counter() - t < 0.05: f(); n += 1
    reps = []
    for r in range(5):
        t = time.perf_counter()
        for i in range(n): f()
        reps.append((time.perf_counter() - t) / n * 1000)
    reps.sort(); return reps[2]
for name, f in ops:
    try:
        print("OP|%s|%s|%.4f" % (ENG, name, bench(f)), flush=True)
    except Exception as e:
        print("OP|%s|%s|ERROR %s: %s" % (ENG, name, type(e).__name__, str(e)[:120]), flush=True)
