# badinput: a mutated program's '-' turned '**' between a set and a tuple: CPython names the power slot "** or pow()" (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for ** or pow(): 'set' and 'tuple'
print({1} ** (1,))
