# badinput: str replace giant var (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: str.replace() would make a str of 10000000000 bytes, over Kiln's limit of 1 GiB for one str
s = 'a' * 100000
t = s.replace('a', s)
