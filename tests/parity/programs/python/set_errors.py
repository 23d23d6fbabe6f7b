# Set errors, worded as CPython 3.11 words them.
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)

attempt(lambda: {[1, 2]})
attempt(lambda: {1, {2}})
attempt(lambda: set([[1]]))
attempt(lambda: {1}.add({}))
attempt(lambda: set().pop())
attempt(lambda: {1}.remove(2))
attempt(lambda: {1}.remove((1, 2)))
attempt(lambda: {1}.remove([1]))
attempt(lambda: [1] in {1})
attempt(lambda: hash({1}))
attempt(lambda: hash([1]))
attempt(lambda: {1} + {2})
attempt(lambda: {1} | [2])
attempt(lambda: {1} - (1,))
attempt(lambda: {1} < [1])
attempt(lambda: frozenset([1]).add(2))
attempt(lambda: set(1))
attempt(lambda: set(1, 2))
attempt(lambda: frozenset(1, 2))
attempt(lambda: set(x=1))
attempt(lambda: {1}.union(5))
attempt(lambda: {1}.issubset(3))
attempt(lambda: {1}.add())
attempt(lambda: {1}.add(1, 2))
attempt(lambda: {1}.isdisjoint())
attempt(lambda: set().pop(1))
def mutate():
    s = {1, 2, 3}
    for x in s:
        s.add(x + 10)
attempt(mutate)
attempt(lambda: {1, 2} * 2)
attempt(lambda: {(1, [2])})
