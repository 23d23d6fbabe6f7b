# badinput: Python misuse: str join huge
# expect-exit: 1
# expect-stderr: MemoryError: str.join() would make a str of 10000000000 bytes, over Kiln's limit of 1 GiB for one str
x = "a" * (10**5)
y = x.join(["b"] * 10**5)
