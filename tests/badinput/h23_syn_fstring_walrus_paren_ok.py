# badinput: a parenthesized walrus in an f-string binds
# expect-exit: 0
# expect-stdout: 5 5
print(f"{(x:=5)} {x}")
