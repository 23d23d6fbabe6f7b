# badinput: str expandtabs many (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: str.expandtabs() would make a str of 10000000100000 bytes, over Kiln's limit of 1 GiB for one str
s = '\t' * 100000
t = s.expandtabs(10**8)
