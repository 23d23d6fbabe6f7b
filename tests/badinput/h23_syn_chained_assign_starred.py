# badinput: a starred target in a chained assignment
# expect-exit: 1
# expect-stderr: SyntaxError: starred assignment target must be in a list or tuple
a = *b = [1,2]
print(a, b)
