# One case of bench.py, compiled (torch.compile default) and called 20 times after 3 warm-up calls,
# for a per-kernel profile of where a compiled model's GPU time goes: Kiln runs it under its step
# profile (tests/cuda/profile_program.cpp: CUDA events around each launch), PyTorch under
# torch.profiler (its CUDA kernels' self time). run_profile.sh prepends cases.py and bench.py and
# appends the call.
def profile(engine, name, calls=20):
    # a training step (issue 8's train_step_transformer6) keeps autograd on: the compiled step is
    # forward + AOT backward graphs + the optimizer's update graph
    training = name.startswith("train_step")
    with torch.no_grad() if not training else torch.enable_grad():
        if training:
            fn, args, flops, label = make_train_step(False, "cuda")
        else:
            fn, args, nbytes, flops, label = make_gpu(name, False, "cuda")
        cf = torch.compile(fn)
        for _ in range(3):
            cf(*args)
        torch.cuda.synchronize()
        if engine == "kiln":
            for _ in range(calls):
                cf(*args)
            torch.cuda.synchronize()
            return
        from torch.profiler import profile as torch_profile, ProfilerActivity
        with torch_profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(calls):
                cf(*args)
            torch.cuda.synchronize()
        rows = []
        for e in prof.key_averages():
            t = getattr(e, "self_device_time_total", 0) or getattr(e, "self_cuda_time_total", 0)
            if t > 0:
                rows.append((t, e.count, e.key))
        rows.sort(reverse=True)
        total = sum(r[0] for r in rows)
        print("%d calls, %.4f ms of GPU kernels per call" % (calls, total / calls / 1000.0))
        print("%10s %6s %7s  %s" % ("ms/call", "share", "calls", "kernel"))
        for t, n, k in rows[:30]:
            print("%10.4f %5.1f%% %7d  %s" % (t / calls / 1000.0, 100.0 * t / total, n, k[:110]))
