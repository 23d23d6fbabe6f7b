# badinput: a dict grown forever, one small key and value at a time
# kiln-args: --max-heap-mb 128
# expect-exit: 1
# expect-stderr: Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)
d = {}
i = 0
while True:
    d[i] = (i, str(i))
    i += 1
