# badinput: a generator expression whose source iterator raises midway
# expect-exit: 1
# expect-stderr: ArithmeticError: src
def src():
    yield 1
    raise ArithmeticError('src')
print(list(x * 2 for x in src()))
