# badinput: string concat loop (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
s = "x"
while True: s = s + s
