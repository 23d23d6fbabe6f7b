# badinput: s = s + s forever grew until the machine ran out of memory (OOM kill)
# expect-exit: 1
# expect-stderr: MemoryError: a str of
s = "x"
while True:
    s = s + s
