# One case of bench.py, compiled (torch.compile default), called N times between two markers so a
# profiler (nsys) can attribute GPU time to kernels: used to find where a compiled model's time goes
# in each engine.
#
#   nsys profile -o OUT kiln  profile_case.py   (or python3), with the case picked by PROFILE_CASE
# Run from native/bench/cuda/run_profile.sh, which prepends cases.py and bench.py.
import os

def profile(engine, calls=20):
    name = os.environ.get("PROFILE_CASE", "transformer6")
    with torch.no_grad():
        fn, args, nbytes, flops, label = make_gpu(name, False, "cuda")
        cf = torch.compile(fn)
        for _ in range(3):
            cf(*args)
        torch.cuda.synchronize()
        for _ in range(calls):
            cf(*args)
        torch.cuda.synchronize()
    print("profiled", engine, label, calls, "calls")
