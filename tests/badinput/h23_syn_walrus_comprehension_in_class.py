# badinput: a walrus in a comprehension in a class body
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression within a comprehension cannot be used in a class body
class C:
    z = [(w := i) for i in range(3)]
