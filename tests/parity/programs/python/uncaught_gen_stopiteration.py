# A StopIteration escaping a generator becomes RuntimeError (PEP 479) and ends the program.
def pairs(items):
    it = iter(items)
    while True:
        a = next(it)
        b = next(it)
        yield a, b


print(list(pairs([1, 2, 3, 4])))
print("odd length next")
print(list(pairs([1, 2, 3])))
