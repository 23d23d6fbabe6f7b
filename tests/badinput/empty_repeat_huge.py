# badinput: repeating empty sequences 10**13 times is instant
# expect-exit: 0
# expect-stdout: 0 0 0 0
a = "" * 10**13
b = [] * 10**13
c = () * 10**13
d = b"" * 10**13
print(len(a), len(b), len(c), len(d))
