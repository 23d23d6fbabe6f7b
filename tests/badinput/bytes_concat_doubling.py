# badinput: b = b + b forever
# expect-exit: 1
# expect-stderr: MemoryError: a bytes of
b = b"x"
while True:
    b = b + b
