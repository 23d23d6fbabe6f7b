# badinput: a generator closed by the for loop's own body: the loop ends and list() of it is empty
# expect-exit: 0
# expect-stdout: []
def g():
    yield 1
    yield 2
it = g()
for x in it:
    it.close()
    print(x)
print(list(it))
