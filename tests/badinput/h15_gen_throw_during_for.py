# badinput: a generator thrown into from the for loop iterating it: the caught value is the throw's result and the loop goes on
# expect-exit: 0
# expect-stdout: caught
def g():
    try:
        yield 1
        yield 2
    except ValueError:
        yield "caught"
it = g()
for x in it:
    print(x)
    if x == 1:
        print(it.throw(ValueError))
