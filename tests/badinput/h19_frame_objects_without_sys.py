# badinput: frame objects reached before sys is imported: a generator's gi_frame and a traceback's tb_frame (their type was made only by `import sys`: a segfault)
# expect-exit: 1
# expect-stderr: TypeError: expected 0 arguments, got 1
def g(a):
    b = a + 1
    yield b
x = g(5)
print(sorted(x.gi_frame.f_locals.items()), x.gi_frame.f_code.co_name)
next(x)
print(sorted(x.gi_frame.f_locals.items()))
try:
    1 / 0
except ZeroDivisionError as e:
    print(e.__traceback__.tb_frame.f_code.co_name, e.__traceback__.tb_lineno)
for call, text in ((lambda: x.close(1), "generator.close() takes no arguments (1 given)"),
                   (lambda: type(x).send(5, 1), "descriptor 'send' for 'generator' objects doesn't apply to a 'int' object"),
                   (lambda: type(x).close(), "unbound method generator.close() needs an argument"),
                   (lambda: type(x).__next__(), "descriptor '__next__' of 'generator' object needs an argument")):
    try:
        call()
        raise AssertionError(text)
    except TypeError as e:
        assert str(e) == text, (str(e), text)
x.__next__(1)
