# badinput: a backslash in an f-string field (3.12)
# expect-exit: 0
# expect-stdout: a
print(f'{"\n".join(["a", "b"])}')
