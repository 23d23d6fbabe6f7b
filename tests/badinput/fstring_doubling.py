# badinput: s = f"{s}{s}" forever
# expect-exit: 1
# expect-stderr: MemoryError: a str of
s = "x"
while True:
    s = f"{s}{s}"
