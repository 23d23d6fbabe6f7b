# badinput: parser catch memoryerror (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: caught Parser stack overflowed
try:
    exec("x = " + "not " * 5000 + "1")
except MemoryError as e:
    print("caught", e)
