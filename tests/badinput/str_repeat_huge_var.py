# badinput: a 10 GB string by repetition of a variable
# expect-exit: 1
# expect-stderr: MemoryError
s = "0123456789"
n = 10**9
t = s * n
