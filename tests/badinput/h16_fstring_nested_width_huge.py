# badinput: f'{x:>{10**10}}' (width too big)
# expect-exit: 1
# expect-stderr: MemoryError
x = 1
print(f"{x:>{10**10}}")
