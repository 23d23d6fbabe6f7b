# badinput: many small lists, none near the 1 GiB per-object limit: l.append([0] * 1000) forever
# kiln-args: --max-heap-mb 128
# expect-exit: 1
# expect-stderr: Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)
l = []
while True:
    l.append([0] * 1000)
