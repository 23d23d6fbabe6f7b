# badinput: str zfill var huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: str.zfill() would make a str of 1000000000000000 bytes, over Kiln's limit of 1 GiB for one str
n = 10**15
x = '1'.zfill(n)
