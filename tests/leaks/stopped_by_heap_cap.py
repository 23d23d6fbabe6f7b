# badinput: the heap cap's MemoryError with many objects alive at exit
# kiln-args: --max-heap-mb 64
# expect-exit: 1
# expect-stderr: reached the heap cap of 64 MiB
rows = []
while True:
    rows.append({"id": len(rows), "tags": ["a", "b"]})
