# badinput: string pieces kept and joined in a loop, each join small
# kiln-args: --max-heap-mb 128
# expect-exit: 1
# expect-stderr: Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)
parts = []
i = 0
while True:
    parts.append(str(i) * 20)
    line = ",".join(parts[-10:])
    i += 1
