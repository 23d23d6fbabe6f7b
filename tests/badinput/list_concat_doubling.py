# badinput: l = l + l forever (the list limit held for l += l only)
# expect-exit: 1
# expect-stderr: MemoryError: a list of
l = [1]
while True:
    l = l + l
