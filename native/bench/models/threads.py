# Intra-op thread scaling (issue 32): small and medium eager ops and nanoGPT's forward, timed at the
# thread count the command line gives, so that threads.sh can run it at 1 and N threads, interleaved, and
# compare. The goal it checks: N threads never slower than 1, and small ops (which should not open a
# parallel region at all) costing the same at any thread count.
#
#   kiln threads.py [--threads N] [--batches B] [--only SUBSTR]   /   python3 threads.py ...   (PyTorch)
#
# Prints one line per case:   CASE|name|threads|median us|min us
# median/min: of single calls, over B batches of K calls (K chosen so that a batch lasts about 20 ms).
# Cases: pointwise (add, gelu), softmax and layer_norm over the last dim, linear, and a sum, on
# [64, 128] .. [768, 3072]; scaled_dot_product_attention at T=64 (nanoGPT's CPU config: batch 12, 4
# heads of 32, causal); nanoGPT's forward (native/bench/models/gpt.py) at its --small size and its CPU
# size (4 layers, 4 heads, 128 wide, T=64, batch 12), eval mode, no grad.
import sys
import time

import torch
import torch.nn.functional as F

import gpt  # this folder's nanoGPT (its main() runs only as a script)


def parse(argv):
    opts = {"threads": 0, "batches": 15, "only": ""}
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("--threads", "--batches"):
            opts[a[2:]] = int(argv[i + 1])
        elif a == "--only":
            opts["only"] = argv[i + 1]
        else:
            raise SystemExit("unknown option " + a)
        i += 2
    return opts


def time_calls(fn, batches):
    # Every call timed alone: on a shared machine a parallel region waits whenever another process
    # holds one of its threads' cores, and a batch's mean would carry those waits; the median call
    # and the fastest call do not.
    for _ in range(3):
        fn()
    t0 = time.perf_counter()
    fn()
    one = time.perf_counter() - t0
    k = max(1, min(2000, int(0.02 / max(one, 1e-7))))
    per = []
    for _ in range(batches):
        for _ in range(k):
            t0 = time.perf_counter()
            fn()
            per.append((time.perf_counter() - t0) * 1e6)
    per.sort()
    return per[len(per) // 2], per[0]


def cases():
    out = []
    shapes = [(64, 128), (256, 512), (768, 768), (768, 3072)]
    for m, n in shapes:
        x = torch.randn(m, n)
        y = torch.randn(m, n)
        w = torch.ones(n)
        b = torch.zeros(n)
        tag = "%dx%d" % (m, n)
        out.append(("add_" + tag, lambda x=x, y=y: x + y))
        out.append(("gelu_" + tag, lambda x=x: F.gelu(x)))
        out.append(("softmax_" + tag, lambda x=x: torch.softmax(x, -1)))
        out.append(("layer_norm_" + tag, lambda x=x, w=w, b=b, n=n: F.layer_norm(x, (n,), w, b, 1e-5)))
        out.append(("sum_" + tag, lambda x=x: x.sum(-1)))
    # linear: input [M, K] -> [M, N]
    for m, k, n in [(64, 128, 128), (768, 128, 384), (768, 128, 512), (768, 512, 128), (768, 768, 3072),
                    (768, 3072, 768)]:
        x = torch.randn(m, k)
        w = torch.randn(n, k) * 0.02
        bias = torch.zeros(n)
        out.append(("linear_%dx%d->%d" % (m, k, n), lambda x=x, w=w, bias=bias: F.linear(x, w, bias)))
    for bsz, h, t, d in [(12, 4, 64, 32), (4, 2, 32, 32)]:
        q = torch.randn(bsz, h, t, d)
        kk = torch.randn(bsz, h, t, d)
        v = torch.randn(bsz, h, t, d)
        out.append(("sdpa_b%dh%dT%dd%d" % (bsz, h, t, d),
                    lambda q=q, kk=kk, v=v: F.scaled_dot_product_attention(q, kk, v, is_causal=True)))
    for name, (n_layer, n_head, n_embd, block, batch) in [("gpt_small", (2, 2, 64, 32, 4)),
                                                          ("gpt_cpu", (4, 4, 128, 64, 12))]:
        torch.manual_seed(0)
        config = gpt.GPTConfig(block_size=block, vocab_size=65, n_layer=n_layer, n_head=n_head, n_embd=n_embd,
                               dropout=0.0, bias=False)
        model = gpt.GPT(config)
        model.eval()
        idx = torch.randint(65, (batch, block))
        out.append(("%s_forward_L%dH%dC%d_T%d_b%d" % (name, n_layer, n_head, n_embd, block, batch),
                    lambda model=model, idx=idx: model(idx)))
    return out


def main():
    opts = parse(sys.argv)
    if opts["threads"] > 0:
        torch.set_num_threads(opts["threads"])
    torch.manual_seed(0)
    with torch.no_grad():
        for name, fn in cases():
            if opts["only"] and opts["only"] not in name:
                continue
            med, best = time_calls(fn, opts["batches"])
            print("CASE|%s|%d|%.2f|%.2f" % (name, torch.get_num_threads(), med, best))
            sys.stdout.flush()


main()
