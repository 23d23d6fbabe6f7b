# badinput: a huge width with grouping under --max-heap-mb 64
# kiln-args: --max-heap-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
format(1, ',>1500000000')
