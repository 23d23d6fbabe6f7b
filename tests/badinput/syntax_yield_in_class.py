# badinput: yield in a class body
# expect-exit: 1
# expect-stderr: SyntaxError: 'yield' outside function
class C:
    yield 1
