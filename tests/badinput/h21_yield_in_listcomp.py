# badinput: yield inside a list comprehension
# expect-exit: 1
# expect-stderr: SyntaxError: 'yield' inside list comprehension
def f():
    return [(yield x) for x in range(3)]
