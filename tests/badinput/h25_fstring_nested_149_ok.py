# badinput: 149 nested f-strings are still accepted, as in CPython 3.12
# expect-exit: 0
# expect-stdout: 1
n = 149
print(eval('f"{' * n + '1' + '}"' * n))
