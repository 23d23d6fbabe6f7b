# Is the compiled training step bound by the host or by the GPU? Appended to cases.py + bench.py
# (as run_profile.sh does) and run in either engine: after warm-up, 30 compiled steps are queued
# without waiting, the host's time to queue them is taken, then the time until the GPU is done.
# When queuing takes about as long as the whole, the host (or a hidden synchronization) sets the pace.
def host_time(engine):
    step, args, flops, label = make_train_step(False, "cuda")
    cs = torch.compile(step)
    for _ in range(5):
        cs(*args)
    torch.cuda.synchronize()
    n = 30
    t0 = time.perf_counter()
    for _ in range(n):
        cs(*args)
    t1 = time.perf_counter()
    torch.cuda.synchronize()
    t2 = time.perf_counter()
    print("HOST|%s|queue %.3f ms/step|total %.3f ms/step" % (engine, (t1 - t0) * 1e3 / n, (t2 - t0) * 1e3 / n))
