# Op-level profile of the GPT eager training step (gpt.py's CPU sizes), the same program in both engines:
# warm-up steps, then torch.profiler over a few steps; prints the per-step time (process CPU time, robust
# on a shared machine at 1 thread) and the operators' self CPU times (key_averages, sorted by self time).
# Used to compare Kiln's and PyTorch's 1-thread step operator by operator (issue 32).
#
#   kiln gpt_profile.py [--threads N] [--steps N] [--rows N]  /  python3 gpt_profile.py ...
import sys
import time

import torch

import gpt


def main():
    threads, steps, rows = 1, 5, 30
    i = 1
    while i < len(sys.argv):
        if sys.argv[i] == "--threads":
            threads = int(sys.argv[i + 1])
        elif sys.argv[i] == "--steps":
            steps = int(sys.argv[i + 1])
        elif sys.argv[i] == "--rows":
            rows = int(sys.argv[i + 1])
        else:
            raise SystemExit("unknown option " + sys.argv[i])
        i += 2
    torch.set_num_threads(threads)
    config = gpt.GPTConfig(block_size=64, vocab_size=65, n_layer=4, n_head=4, n_embd=128, dropout=0.0, bias=False)
    torch.manual_seed(1337)
    X = torch.randint(65, (12, 64))
    Y = torch.randint(65, (12, 64))
    torch.manual_seed(0)
    model = gpt.GPT(config)
    optimizer = model.configure_optimizers(0.1, 1e-3, (0.9, 0.99), "cpu")

    def step():
        logits, loss = model(X, Y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    for _ in range(3):
        step()
    times = []
    for _ in range(5 * steps):
        t0 = time.process_time()
        step()
        times.append(time.process_time() - t0)
    times.sort()
    print("step cpu ms: median %.2f min %.2f" % (times[len(times) // 2] * 1e3, times[0] * 1e3))
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for _ in range(steps):
            step()
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=rows))


if __name__ == "__main__":
    main()
