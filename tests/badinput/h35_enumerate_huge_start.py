# badinput: enumerate with a start past int64
# expect-exit: 0
# expect-stdout: (1267650600228229401496703205376, 1)
print(next(enumerate([1], 2**100)))
