# badinput: an unpacking as a comprehension's element
# expect-exit: 1
# expect-stderr: SyntaxError: iterable unpacking cannot be used in comprehension
[*x for x in [[1]]]
