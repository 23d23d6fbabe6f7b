# badinput: a replace that would make a 10**13-character string
# expect-exit: 1
# expect-stderr: MemoryError
s = "x" * 10**5
s.replace("x", "y" * 10**8)
