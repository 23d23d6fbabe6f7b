# badinput: non ascii ident (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 1
xé = 1
print(xé)
