# Interpreter speed: 10^7 iterations of integer arithmetic in a function (fast locals), as CPython
# runs it. Prints: RESULT loop <ns per iteration> <checksum>
import time


def work(n):
    s = 0
    for i in range(n):
        s += i * 3 % 7
    return s


N = 10000000
t0 = time.perf_counter()
s = work(N)
t1 = time.perf_counter()
print("RESULT loop", (t1 - t0) / N * 1e9, s)
