# badinput: str.zfill(10**12)
# expect-exit: 1
# expect-stderr: MemoryError
"1".zfill(10**12)
