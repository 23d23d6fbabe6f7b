# badinput: f'{1:{10**10}}': a ten-billion-character field
# expect-exit: 1
# expect-stderr: MemoryError
w = 10**10
s = f"{1:{w}}"
