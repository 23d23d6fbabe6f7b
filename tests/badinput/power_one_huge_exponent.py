# badinput: 1 ** 10**100 and (-1) ** (10**100 + 1) are instant
# expect-exit: 0
# expect-stdout: 1 -1 0
print(1 ** 10**100, (-1) ** (10**100 + 1), 0 ** 10**100)
