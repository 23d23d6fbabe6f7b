# badinput: bytearray grown while iterating (no error in CPython)
# expect-exit: 0
# expect-stdout: 4
b = bytearray(b'ab')
n = 0
for x in b:
    n += 1
    if n < 3:
        b.append(x)
print(n)
