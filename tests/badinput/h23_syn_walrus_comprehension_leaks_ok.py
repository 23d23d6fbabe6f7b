# badinput: a walrus in a comprehension binds in the enclosing scope
# expect-exit: 0
# expect-stdout: [0, 2, 4] 4
print([y := x*2 for x in range(3)], y)
