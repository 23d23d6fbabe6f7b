# badinput: a 2-gigabyte format width under --max-heap-mb 64 is a MemoryError
# kiln-args: --max-heap-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
'{:2000000000}'.format(1)
