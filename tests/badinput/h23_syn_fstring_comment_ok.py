# badinput: a comment inside a multi-line f-string field (3.12)
# expect-exit: 0
# expect-stdout: 1
x=1
print(f"{x # c
}")
