# badinput: hex() of a 5000-digit int is not limited
# expect-exit: 0
# expect-stdout: ok
print(len(hex(10 ** 5000)))
int('f' * 5000, 16)
print('ok')
