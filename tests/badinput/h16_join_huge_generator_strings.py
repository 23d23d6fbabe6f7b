# badinput: str.join of strings whose total exceeds the memory cap
# expect-exit: 1
# expect-stderr: MemoryError
s = "x" * (1 << 20)
"".join(s for _ in range(1 << 20))
