# badinput: str.replace that grows a string past the memory limit
# expect-exit: 1
# expect-stderr: MemoryError
s = 'a' * 10000
for _ in range(6):
    s = s.replace('a', 'a' * 1000)
print(len(s))
