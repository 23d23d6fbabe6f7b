# badinput: int.to_bytes with a length past the heap cap
# expect-exit: 1
# expect-stderr: MemoryError
# kiln-args: --max-heap-mb 64
(1).to_bytes(2**40, 'big')
