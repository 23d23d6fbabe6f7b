# badinput: walrus in comprehension iter
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression cannot be used in a comprehension iterable expression
[x for x in (y := [1, 2])]
print([(z := i) for i in range(2)])
[i for i in range(3) if (i := 1)]
