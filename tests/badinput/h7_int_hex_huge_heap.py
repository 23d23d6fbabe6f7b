# badinput: hex of a 10**6-digit int under the heap cap works
# expect-exit: 0
# expect-stdout: 100003
x = 1 << 400000
print(len(hex(x)))
