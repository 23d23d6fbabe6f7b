# badinput: int hex huge (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 250003
print(len(hex(1 << 10**6)))
